/** Styles of the discount-code box shared by cart and checkout (contrast checked against the shop tokens). */
export const pricingCss = `
.discount-box__form { display: flex; gap: var(--shop-space-sm); align-items: flex-end; flex-wrap: wrap; }
.discount-box__form .shop-field { margin: 0; flex: 1 1 12rem; }
.discount-box__codes { list-style: none; display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); padding: 0; margin: var(--shop-space-md) 0 0; }
/* A code is one word of up to 20 capitals, wider than a 320 px screen's panel: it breaks rather than widen the page
   (WCAG 1.4.10), in its tag and in the reason under the box. */
.discount-tag { max-width: 100%; box-sizing: border-box; display: inline-flex; align-items: center; gap: var(--shop-space-2xs); padding: var(--shop-space-3xs) var(--shop-space-2xs) var(--shop-space-3xs) var(--shop-space-sm); border-radius: var(--shop-radius-pill); border: var(--shop-border-width-strong) solid var(--shop-color-border); font-weight: 600; }
.discount-tag > span { min-width: 0; overflow-wrap: anywhere; }
.discount-tag--valid { border-color: var(--shop-color-success); color: var(--shop-color-success); }
.discount-tag--invalid { border-color: var(--shop-color-alert); color: var(--shop-color-alert); }
.discount-tag__remove { min-width: var(--shop-tap); min-height: var(--shop-tap); border: 0; background: transparent; color: inherit; font: inherit; font-size: var(--shop-font-size-xl); cursor: pointer; border-radius: var(--shop-radius-pill); }
.discount-box__error { color: var(--shop-color-alert); margin: var(--shop-space-sm) 0 0; overflow-wrap: anywhere; }
`;
