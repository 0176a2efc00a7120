import { pricingCss } from '../pricing/pricing.css.ts';
import { checkoutCss } from './checkout.css.ts';

/** The checkout's style sheets: its own and the cart pricing's (React puts each once into the head). */
export function CheckoutStyles() {
  return (
    <>
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <style href="cart-pricing" precedence="default">
        {pricingCss}
      </style>
    </>
  );
}
