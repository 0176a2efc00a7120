export const headerCss = `
.shell-header { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 12px 24px;
  border-bottom: 1px solid var(--shop-color-border); background: var(--shop-color-bg); }
.shell-header__logo { font-size: 1.25rem; font-weight: 700; color: var(--shop-color-primary-dark); text-decoration: none; }
.shell-header__nav { display: flex; align-items: center; gap: 8px; }
.shell-language select { min-height: 44px; padding: 6px 8px; font: inherit; border: 1px solid var(--shop-color-muted); border-radius: var(--shop-radius); background: var(--shop-color-bg); }
.shell-header__icon { position: relative; display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
  color: var(--shop-color-text); border-radius: var(--shop-radius); }
.shell-header__badge { position: absolute; top: 0; right: 0; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px;
  background: var(--shop-color-primary); color: var(--shop-color-on-primary); font-size: 12px; font-weight: 700; line-height: 20px; text-align: center; }
`;
