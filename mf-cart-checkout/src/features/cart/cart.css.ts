/** Styles of the cart screen; colours come from the shop tokens (WCAG AA on white). */
export const cartCss = `
.cart-page { padding-block: var(--shop-space-xl); }
.cart-layout { display: grid; gap: var(--shop-space-xl); }
@media (min-width: 900px) { .cart-layout { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; } }
.cart-lines { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: var(--shop-space-md); }
.cart-line { display: grid; grid-template-columns: 1fr; gap: var(--shop-space-md); padding: var(--shop-space-lg); border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); }
@media (min-width: 600px) { .cart-line { grid-template-columns: 1fr auto auto; align-items: start; } .cart-line__warning { grid-column: 1 / -1; } }
.cart-line h2 { margin: 0 0 var(--shop-space-2xs); font-size: var(--shop-font-size-lg); }
.cart-line p { margin: 0; }
.cart-line__credits { color: var(--shop-color-success); font-weight: 600; }
.cart-line__quantity { display: flex; align-items: center; gap: var(--shop-space-sm); }
.cart-line__quantity output { min-width: 5.5em; text-align: center; }
.cart-qty { min-width: var(--shop-tap); min-height: var(--shop-tap); border: var(--shop-border-width-strong) solid var(--shop-color-primary); border-radius: var(--shop-radius); background: var(--shop-color-bg); color: var(--shop-color-primary-dark); font: inherit; font-size: var(--shop-font-size-xl); font-weight: 700; cursor: pointer; }
.cart-qty:disabled { border-color: var(--shop-color-border); color: var(--shop-color-muted); cursor: not-allowed; }
.cart-line__price { text-align: right; display: flex; flex-direction: column; align-items: flex-end; gap: var(--shop-space-sm); }
.cart-line__price strong { font-size: var(--shop-font-size-lg); }
.cart-line__remove { border: 0; background: transparent; color: var(--shop-color-primary-dark); text-decoration: underline; font: inherit; cursor: pointer; min-height: var(--shop-tap); }
.cart-line__warning { border-left: var(--shop-border-width-accent) solid var(--shop-color-warning); background: var(--shop-color-surface); padding: var(--shop-space-sm) var(--shop-space-md); border-radius: var(--shop-radius); }
.cart-notice { display: flex; justify-content: space-between; align-items: center; gap: var(--shop-space-md); }
.cart-notice__dismiss { min-width: var(--shop-tap); min-height: var(--shop-tap); border: 0; background: transparent; font: inherit; font-size: var(--shop-font-size-2xl); cursor: pointer; color: var(--shop-color-text); }
.package-offers { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-md) var(--shop-space-lg); margin: var(--shop-space-lg) 0 0; }
.package-offers legend { font-weight: 700; padding: 0 var(--shop-space-2xs); }
.package-offer { display: flex; gap: var(--shop-space-sm); align-items: center; min-height: var(--shop-tap); cursor: pointer; }
.package-offer input { width: var(--shop-control); height: var(--shop-control); }
.package-offer__unit { color: var(--shop-color-muted); }
.cart-side { display: flex; flex-direction: column; gap: var(--shop-space-lg); }
.cart-panel { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-lg); }
.cart-panel h2 { font-size: var(--shop-font-size-lg); margin: 0 0 var(--shop-space-sm); }
.cart-panel ul { margin: 0; padding-left: var(--shop-space-xl); }
.cart-panel p { margin: 0 0 var(--shop-space-sm); }
.cart-proceed { width: 100%; }
.cart-transfer { margin-top: var(--shop-space-lg); }
/* The copy button goes under the link where both do not fit side by side (320 px, WCAG 1.4.10): an input does not
   shrink below its default width in a row by itself. */
.cart-transfer__row { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); }
.cart-transfer__row input { flex: 1 1 12rem; min-width: 0; font: inherit; padding: var(--shop-space-sm); border: var(--shop-border-width) solid var(--shop-color-muted); border-radius: var(--shop-radius); }
.cart-transfer__status { min-height: 1.5em; margin: var(--shop-space-2xs) 0 0; }
.cart-empty ul { margin: var(--shop-space-sm) 0 0; }
.cart-sticky { position: sticky; bottom: var(--shop-overlay-bottom, 0); z-index: 10; display: flex; align-items: center; justify-content: space-between; gap: var(--shop-space-md);
  margin: 0 calc(-1 * var(--shop-gutter)); padding: var(--shop-space-sm) var(--shop-gutter); background: var(--shop-color-bg);
  border-top: var(--shop-border-width) solid var(--shop-color-border); box-shadow: var(--shop-shadow-raised); }
.cart-sticky p { margin: 0; }
@media (max-width: 899px) { .cart-panel .cart-proceed { display: none; } }
@media (min-width: 900px) { .cart-sticky { display: none; } }
`;
