/** Styles of the price parts shared by cart and checkout (contrast checked against the shop tokens). */
export const pricingCss = `
.price-summary dl { margin: 0; }
.price-summary__row { display: flex; justify-content: space-between; gap: var(--shop-space-md); padding: var(--shop-space-2xs) 0; }
.price-summary__row dt, .price-summary__row dd { margin: 0; }
.price-summary__total { font-size: var(--shop-font-size-xl); font-weight: 700; border-top: var(--shop-border-width) solid var(--shop-color-border); margin-top: var(--shop-space-sm); padding-top: var(--shop-space-sm); }
.price-summary__vat { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
.discount-box__form { display: flex; gap: var(--shop-space-sm); align-items: flex-end; flex-wrap: wrap; }
.discount-box__form .shop-field { margin: 0; flex: 1 1 12rem; }
.discount-box__codes { list-style: none; display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); padding: 0; margin: var(--shop-space-md) 0 0; }
.discount-tag { display: inline-flex; align-items: center; gap: var(--shop-space-2xs); padding: var(--shop-space-3xs) var(--shop-space-2xs) var(--shop-space-3xs) var(--shop-space-sm); border-radius: var(--shop-radius-pill); border: var(--shop-border-width-strong) solid var(--shop-color-border); font-weight: 600; }
.discount-tag--valid { border-color: var(--shop-color-success); color: var(--shop-color-success); }
.discount-tag--invalid { border-color: var(--shop-color-alert); color: var(--shop-color-alert); }
.discount-tag__remove { min-width: var(--shop-tap); min-height: var(--shop-tap); border: 0; background: transparent; color: inherit; font: inherit; font-size: var(--shop-font-size-xl); cursor: pointer; border-radius: var(--shop-radius-pill); }
.discount-box__error { color: var(--shop-color-alert); margin: var(--shop-space-sm) 0 0; }
`;
