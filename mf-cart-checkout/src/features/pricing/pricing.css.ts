/** Styles of the price parts shared by cart and checkout (contrast checked against the shop tokens). */
export const pricingCss = `
.price-summary dl { margin: 0; }
.price-summary__row { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; }
.price-summary__row dt, .price-summary__row dd { margin: 0; }
.price-summary__total { font-size: 1.2rem; font-weight: 700; border-top: 1px solid var(--shop-color-border); margin-top: 8px; padding-top: 8px; }
.price-summary__vat { color: var(--shop-color-muted); font-size: .9rem; }
.discount-box__form { display: flex; gap: 8px; align-items: flex-end; flex-wrap: wrap; }
.discount-box__form .shop-field { margin: 0; flex: 1 1 12rem; }
.discount-box__codes { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 12px 0 0; }
.discount-tag { display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 999px; border: 2px solid var(--shop-color-border); font-weight: 600; }
.discount-tag--valid { border-color: var(--shop-color-success); color: var(--shop-color-success); }
.discount-tag--invalid { border-color: var(--shop-color-alert); color: var(--shop-color-alert); }
.discount-tag__remove { min-width: 32px; min-height: 32px; border: 0; background: transparent; color: inherit; font: inherit; font-size: 1.2rem; cursor: pointer; border-radius: 999px; }
.discount-box__error { color: var(--shop-color-alert); margin: 8px 0 0; }
`;
