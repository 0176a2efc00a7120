/** Styles of the discount-code box shared by cart and checkout (contrast checked against the shop tokens). */
export const pricingCss = `
.discount-box__form { display: flex; gap: var(--shop-space-sm); align-items: flex-end; flex-wrap: wrap; }
.discount-box__form .shop-field { margin: 0; flex: 1 1 12rem; }
.discount-box__codes { list-style: none; display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); padding: 0; margin: var(--shop-space-md) 0 0; }
.discount-tag { display: inline-flex; align-items: center; gap: var(--shop-space-2xs); padding: var(--shop-space-3xs) var(--shop-space-2xs) var(--shop-space-3xs) var(--shop-space-sm); border-radius: var(--shop-radius-pill); border: var(--shop-border-width-strong) solid var(--shop-color-border); font-weight: 600; }
.discount-tag--valid { border-color: var(--shop-color-success); color: var(--shop-color-success); }
.discount-tag--invalid { border-color: var(--shop-color-alert); color: var(--shop-color-alert); }
.discount-tag__remove { min-width: var(--shop-tap); min-height: var(--shop-tap); border: 0; background: transparent; color: inherit; font: inherit; font-size: var(--shop-font-size-xl); cursor: pointer; border-radius: var(--shop-radius-pill); }
.discount-box__error { color: var(--shop-color-alert); margin: var(--shop-space-sm) 0 0; }
`;
