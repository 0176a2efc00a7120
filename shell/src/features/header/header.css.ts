/**
 * Header: logo, tools (language, account, cart) and the offers. Below the wide layout the offers fold into a
 * menu under the bar; the bar itself wraps rather than overflow, down to the narrowest phones. On a phone, where
 * the logo and the tools do not fit side by side, the bar is two rows instead of three: the logo, then the tools
 * with the menu button at the row's end (on a row of its own where even that does not fit, so their tap areas never
 * overlap). Its list opens over the page, under the bar and as wide as it. The order on the screen stays the order
 * of the page (logo, tools, menu), so keyboard and screen-reader users meet them as they see them (docs/decisions/0061-one-content-edge-and-a-two-row-phone-header.md).
 */
export const headerCss = `
.shell-header { border-bottom: var(--shop-border-width) solid var(--shop-color-border); background: var(--shop-color-bg); }
.shell-header__bar { padding-block: var(--shop-space-sm);
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--shop-space-sm) var(--shop-space-lg); }
.shell-header__logo { display: inline-flex; align-items: center; gap: var(--shop-space-sm); min-height: var(--shop-tap); min-width: 0;
  font-size: var(--shop-font-size-lg); font-weight: 800; letter-spacing: -.01em; color: var(--shop-color-primary-dark); text-decoration: none; margin-right: auto; }
.shell-header__logo img { flex: none; }
.shell-header__wordmark { line-height: var(--shop-line-height-tight); }
.shell-header__tools { display: flex; align-items: center; gap: var(--shop-space-2xs); }
.shell-language select { min-height: var(--shop-tap); padding: var(--shop-space-xs) var(--shop-space-sm); font: inherit;
  border: var(--shop-border-width) solid var(--shop-color-border-strong); border-radius: var(--shop-radius); background: var(--shop-color-bg); color: var(--shop-color-text); }
.shell-header__icon { position: relative; display: inline-flex; align-items: center; justify-content: center; min-width: var(--shop-tap); min-height: var(--shop-tap);
  color: var(--shop-color-text); border-radius: var(--shop-radius); }
.shell-header__badge { position: absolute; top: 0; right: 0; min-width: var(--shop-badge); height: var(--shop-badge); padding: 0 var(--shop-space-2xs);
  border-radius: var(--shop-radius-pill); background: var(--shop-color-primary); color: var(--shop-color-on-primary);
  font-size: var(--shop-font-size-xs); font-weight: 700; line-height: var(--shop-badge); text-align: center; }
.shell-offers { flex-basis: 100%; }
.shell-offers__toggle { display: inline-flex; align-items: center; gap: var(--shop-space-sm); min-height: var(--shop-tap); padding: 0 var(--shop-space-md);
  font: inherit; font-weight: 600; color: var(--shop-color-text); background: var(--shop-color-bg);
  border: var(--shop-border-width) solid var(--shop-color-border-strong); border-radius: var(--shop-radius); cursor: pointer; }
.shell-offers__list { display: none; list-style: none; margin: var(--shop-space-sm) 0 0; padding: 0; }
.shell-offers[data-open="true"] .shell-offers__list { display: grid; }
.shell-offers__link { display: flex; align-items: center; min-height: var(--shop-tap); padding: 0 var(--shop-space-sm);
  color: var(--shop-color-text); font-weight: 600; text-decoration: none; border-radius: var(--shop-radius); }
.shell-offers__link:hover { background: var(--shop-color-surface); }
.shell-offers__link[aria-current="page"] { color: var(--shop-color-primary-dark); text-decoration: underline; text-underline-offset: .3em; }
@media (min-width: 1024px) {
  .shell-offers__toggle { display: none; }
  .shell-offers__list, .shell-offers[data-open="true"] .shell-offers__list { display: flex; flex-wrap: wrap; gap: 0 var(--shop-space-2xs); margin: 0; }
}
@media (max-width: 519.98px) {
  .shell-header__bar { position: relative; column-gap: var(--shop-space-sm); }
  .shell-header__logo { flex-basis: 100%; }
  .shell-offers { flex: 1 0 auto; display: flex; justify-content: flex-end; }
  .shell-offers__list { position: absolute; inset: 100% 0 auto; z-index: 30; margin: 0; padding: var(--shop-space-sm) calc(var(--shop-gutter) - var(--shop-space-sm));
    background: var(--shop-color-bg); border-bottom: var(--shop-border-width) solid var(--shop-color-border); box-shadow: var(--shop-shadow); }
}
@media (max-width: 359px) { .shell-header__wordmark { font-size: var(--shop-font-size-md); } }
`;
