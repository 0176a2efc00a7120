/** Styles of the checkout screens (scoped by class; tokens from @shop/shared). */
export const checkoutCss = `
.checkout-page, .checkout-info { padding-block: var(--shop-space-xl); }
.checkout-layout { display: grid; gap: var(--shop-space-xl); }
@media (min-width: 960px) { .checkout-layout { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; } }
.checkout-section { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-lg); margin: 0 0 var(--shop-space-lg); }
.checkout-section legend { font-weight: 700; padding: 0 var(--shop-space-2xs); }
.checkout-grid { display: grid; gap: var(--shop-space-md); }
@media (min-width: 640px) { .checkout-grid { grid-template-columns: 1fr 1fr; } }
.checkout-hint { display: block; color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); margin-top: var(--shop-space-2xs); }
.checkout-check { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); align-items: flex-start; margin: var(--shop-space-sm) 0; }
.checkout-check input { width: var(--shop-control); height: var(--shop-control); margin-top: var(--shop-space-3xs); }
.checkout-check label { flex: 1; }
.checkout-check .shop-field__error { flex-basis: 100%; }
.checkout-participant { border-top: var(--shop-border-width) solid var(--shop-color-border); padding-top: var(--shop-space-sm); margin-top: var(--shop-space-sm); }
.checkout-participant h2 { font-size: var(--shop-font-size-md); margin: var(--shop-space-2xs) 0; }
.checkout-payment__method { display: flex; gap: var(--shop-space-md); align-items: center; padding: var(--shop-space-sm) 0; min-height: var(--shop-tap); }
.checkout-payment__method input { width: var(--shop-control); height: var(--shop-control); }
.checkout-form textarea, .checkout-form select { width: 100%; font: inherit; padding: var(--shop-space-sm); border: var(--shop-border-width) solid var(--shop-color-border-strong); border-radius: var(--shop-radius); box-sizing: border-box; }
.checkout-submit { width: 100%; min-height: var(--shop-tap-large); font-size: var(--shop-font-size-lg); }
.checkout-side { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-lg); }
.checkout-side h2, .checkout-review h2 { margin-top: 0; font-size: var(--shop-font-size-xl); }
/* On a phone the overview and its code box come first; the binding summary stays directly above the button. */
@media (max-width: 959.98px) { .checkout-side { order: -1; } }
.checkout-review { border: var(--shop-border-width-strong) solid var(--shop-color-border-strong); border-radius: var(--shop-radius); padding: var(--shop-space-lg); margin: 0 0 var(--shop-space-md); }
.checkout-items { list-style: none; padding: 0; margin: 0 0 var(--shop-space-lg); }
/* The price goes under the name where both do not fit side by side ("2 × 289 € = 578 €" at 320 px, WCAG 1.4.10). */
.checkout-items li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--shop-space-md); padding: var(--shop-space-xs) 0; border-bottom: var(--shop-border-width) solid var(--shop-color-border); }
.checkout-items .shop-price-line { margin-left: auto; }
.checkout-choices { display: grid; gap: var(--shop-space-lg); }
@media (min-width: 768px) { .checkout-choices { grid-template-columns: 1fr 1fr; } }
.checkout-actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-md); }
.checkout-bookings { list-style: none; padding: 0; margin: 0 0 var(--shop-space-lg); }
.checkout-bookings li { padding: var(--shop-space-xs) 0; border-bottom: var(--shop-border-width) solid var(--shop-color-border); }
.checkout-bookings h3 { margin: 0 0 var(--shop-space-2xs); font-size: var(--shop-font-size-lg); }
.checkout-bookings p { margin: 0; }
.checkout-mail-preview { width: 100%; min-height: var(--shop-size-preview); border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); }
`;
