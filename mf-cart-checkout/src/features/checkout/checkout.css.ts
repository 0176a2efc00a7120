/** Styles of the checkout screens (scoped by class; tokens from @shop/shared). */
export const checkoutCss = `
.checkout-page, .checkout-info { max-width: 1140px; margin: 0 auto; padding: 24px 16px; }
.checkout-layout { display: grid; gap: 24px; }
@media (min-width: 960px) { .checkout-layout { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; } }
.checkout-section { border: 1px solid #d0d7de; border-radius: 8px; padding: 16px; margin: 0 0 16px; }
.checkout-section legend { font-weight: 700; padding: 0 4px; }
.checkout-grid { display: grid; gap: 12px; }
@media (min-width: 640px) { .checkout-grid { grid-template-columns: 1fr 1fr; } }
.checkout-hint { display: block; color: #57606a; font-size: 0.875rem; margin-top: 4px; }
.checkout-participant { border-top: 1px solid #d0d7de; padding-top: 8px; margin-top: 8px; }
.checkout-participant h3 { font-size: 1rem; margin: 4px 0; }
.checkout-payment__method { display: flex; gap: 12px; align-items: center; padding: 8px 0; min-height: 44px; }
.checkout-payment__method input { width: 20px; height: 20px; }
.checkout-form textarea, .checkout-form select { width: 100%; font: inherit; padding: 8px; border: 1px solid #6e7781; border-radius: 6px; box-sizing: border-box; }
.checkout-submit { width: 100%; min-height: 48px; font-size: 1.1rem; }
.checkout-side { border: 1px solid #d0d7de; border-radius: 8px; padding: 16px; }
.checkout-side h2 { margin-top: 0; font-size: 1.25rem; }
.checkout-items { list-style: none; padding: 0; margin: 0 0 16px; }
.checkout-items li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid #eaeef2; }
.checkout-choices { display: grid; gap: 16px; }
@media (min-width: 768px) { .checkout-choices { grid-template-columns: 1fr 1fr; } }
.checkout-actions { display: flex; flex-wrap: wrap; gap: 12px; }
.checkout-mail-preview { width: 100%; min-height: 900px; border: 1px solid #d0d7de; border-radius: 8px; }
`;
