/** Styles of the cart screen; colours come from the shop tokens (WCAG AA on white). */
export const cartCss = `
.cart-page { max-width: 1140px; margin: 0 auto; padding: 24px; }
.cart-layout { display: grid; gap: 24px; }
@media (min-width: 900px) { .cart-layout { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; } }
.cart-lines { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 12px; }
.cart-line { display: grid; grid-template-columns: 1fr; gap: 12px; padding: 16px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); }
@media (min-width: 600px) { .cart-line { grid-template-columns: 1fr auto auto; align-items: start; } .cart-line__warning { grid-column: 1 / -1; } }
.cart-line h2 { margin: 0 0 4px; font-size: 1.1rem; }
.cart-line p { margin: 0; }
.cart-line__credits { color: var(--shop-color-success); font-weight: 600; }
.cart-line__quantity { display: flex; align-items: center; gap: 8px; }
.cart-line__quantity output { min-width: 5.5em; text-align: center; }
.cart-qty { min-width: 44px; min-height: 44px; border: 2px solid var(--shop-color-primary); border-radius: var(--shop-radius); background: var(--shop-color-bg); color: var(--shop-color-primary-dark); font: inherit; font-size: 1.2rem; font-weight: 700; cursor: pointer; }
.cart-qty:disabled { border-color: var(--shop-color-border); color: var(--shop-color-muted); cursor: not-allowed; }
.cart-line__price { text-align: right; display: flex; flex-direction: column; align-items: flex-end; gap: 8px; }
.cart-line__price strong { font-size: 1.1rem; }
.cart-line__remove { border: 0; background: transparent; color: var(--shop-color-primary-dark); text-decoration: underline; font: inherit; cursor: pointer; min-height: 44px; }
.cart-line__warning { border-left: 6px solid var(--shop-color-warning); background: var(--shop-color-surface); padding: 8px 12px; border-radius: var(--shop-radius); }
.cart-notice { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
.cart-notice__dismiss { min-width: 44px; min-height: 44px; border: 0; background: transparent; font: inherit; font-size: 1.4rem; cursor: pointer; color: var(--shop-color-text); }
.package-offers { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); padding: 12px 16px; margin: 16px 0 0; }
.package-offers legend { font-weight: 700; padding: 0 4px; }
.package-offer { display: flex; gap: 8px; align-items: center; min-height: 44px; cursor: pointer; }
.package-offer input { width: 20px; height: 20px; }
.package-offer__unit { color: var(--shop-color-muted); }
.cart-side { display: flex; flex-direction: column; gap: 16px; }
.cart-panel { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); padding: 16px; }
.cart-panel h2 { font-size: 1.1rem; margin: 0 0 8px; }
.cart-panel ul { margin: 0; padding-left: 20px; }
.cart-panel p { margin: 0 0 8px; }
.cart-proceed { width: 100%; }
.cart-transfer { margin-top: 16px; }
.cart-transfer__row { display: flex; gap: 8px; }
.cart-transfer__row input { flex: 1; font: inherit; padding: 8px; border: 1px solid var(--shop-color-muted); border-radius: var(--shop-radius); }
.cart-transfer__status { min-height: 1.5em; margin: 4px 0 0; }
.cart-empty ul { margin: 8px 0 0; }
`;
