import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ApiError,
  changedProfileFields,
  currentLanguage,
  OrderErrorCode,
  orderEmailOf,
  placesChangeOf,
  priceChangeOf,
  priceRequestOfOrder,
  recordPurchase,
  submitCart,
  updateCustomer,
  useAuthStore,
  useCartStore,
  useCustomerStore,
  validateCart,
  type CheckoutForm,
  type PriceResult,
  type QuantityAdjustment,
} from '@shop/shared';
import { applyQuantityAdjustments } from '../pricing/cartPricing.ts';
import { rememberSubmittedCart } from './submittedCart.ts';
import { useCartPriceStore } from '../pricing/cartPrice.ts';
import { rememberOrderKey } from './orderKeys.ts';
import { toOrderRequest } from './orderRequest.ts';
import { describePriceChange, type PriceChangeLine } from './priceChange.ts';
import { detectTimeZone } from './timezone.ts';

/**
 * Why an order could not be sent, beyond the cases the checkout handles itself: too many attempts, anything else, or
 * a refusal the server explains in the buyer's language (`meta.message`: too many places held in unpaid orders, say,
 * and what to do instead), shown as it comes.
 */
export type SubmitFailure = 'tooMany' | 'generic' | { serverText: string };

/** A refusal of the unpaid-hold caps: 429 or 422 with the server's translated text of what to do. */
function explainedRefusal(error: unknown): SubmitFailure | null {
  if (!(error instanceof ApiError) || !error.body?.meta?.message) return null;
  const caps = error.code === OrderErrorCode.unpaidPlacesLimit || error.status === 429;
  return caps ? { serverText: error.body.meta.message } : null;
}

/** Shows the server's adjustments as the cart does (quantities replaced, one dismissible warning each). */
function showAdjustments(quantityAdjustments: QuantityAdjustment[], priceResult: PriceResult | null): boolean {
  if (quantityAdjustments.length === 0) return false;
  applyQuantityAdjustments({ ...(priceResult as PriceResult), quantityAdjustments }, currentLanguage());
  return true;
}

/**
 * The checkout's submit (docs/product-rules.md#states Checkout submit): (1) a customer is reloaded and newsletter, phone and birth year
 * saved when changed (an account that cannot be read, like a save that fails, stops the order); (2) the cart is checked, adjustments shown (and the order not sent); (3) the order is created;
 * (4) the purchase event is recorded locally; (5) the cart is kept aside for a failed payment, then cleared; (6) off
 * to the payment link, or to the confirmation. The order carries the total shown; when the server's differs (409
 * PRICE_CHANGED) the fresh price replaces the shown one and `priceChange` says why, and the buyer confirms again.
 * Any other failure (network, 429, 500, a 400 not handled above) is logged and named by `failure` for a generic
 * notice, 'tooMany' for a 429, the server's own text for a refusal that explains itself (the caps on places held
 * unpaid, docs/product-rules.md#errors); the form keeps what was typed. `submitting` is the loading flag; `done` tells
 * the page not to treat the now empty cart as "nothing to check out"; `providerProblem` says why the payment
 * provider could not take the order (nothing was ordered, the cart and the form stay): 'unavailable' (try again)
 * or 'refused' (the chosen method declined these details: choose another method or check the address).
 */
/** Why the payment provider did not take the order; each has its own notice. */
type ProviderProblem = 'unavailable' | 'refused';
const providerProblemOf: Record<string, ProviderProblem | undefined> = {
  [OrderErrorCode.paymentProviderUnavailable]: 'unavailable',
  [OrderErrorCode.paymentRefused]: 'refused',
};

export function useCheckoutSubmit() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [priceChange, setPriceChange] = useState<PriceChangeLine[] | null>(null);
  const [providerProblem, setProviderProblem] = useState<ProviderProblem | null>(null);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const done = useRef(false);
  // The disabled button alone does not stop a second click (or Enter) that comes before React has shown the first
  // as sending: the one order under way is known at once, here.
  const sending = useRef(false);

  const submit = async (values: CheckoutForm) => {
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setPriceChange(null);
    setProviderProblem(null);
    setFailure(null);
    try {
      const { items, discountCodes } = useCartStore.getState();
      const { applePayAvailable, priceResult } = useCartPriceStore.getState();
      if (!priceResult) return;
      const locale = currentLanguage();
      const loggedIn = Boolean(useAuthStore.getState().token);
      const customer = await useCustomerStore.getState().load({ force: true });
      // A customer's changes are saved before the order (step 1). When their account cannot be read now, the order
      // waits (the generic notice, try again) rather than going out as a guest's with those changes dropped.
      if (loggedIn && !customer) throw new Error('The customer could not be read before the order');
      if (customer) {
        const changes = changedProfileFields(customer, {
          isSubscribedToNewsletter: values.marketingOptIn ? 1 : 0,
          phone: values.billingAddress.phone ?? '',
          birthYear: values.billingAddress.birthYear ?? '',
        });
        if (Object.keys(changes).length > 0) await updateCustomer(changes);
      }

      const request = toOrderRequest(values, {
        items,
        shown: priceResult,
        locale,
        applePayAvailable,
        timezone: detectTimeZone(),
        isGuest: customer === null,
      });
      // Checked as the server will price it: the order's own positions, not the cart reshaped a second way.
      if (showAdjustments((await validateCart(priceRequestOfOrder(request))).quantityAdjustments, priceResult)) return;
      let order;
      try {
        order = await submitCart(request);
      } catch (error) {
        // Places went between the check and the order: show what is left, as step 2 does, from the 409 itself.
        const placesChange = placesChangeOf(error);
        if (placesChange) {
          showAdjustments(placesChange.quantityAdjustments, priceResult);
          return;
        }
        // Not the price shown: show the fresh one and why; the next click confirms it.
        const change = priceChangeOf(error);
        if (change) {
          useCartPriceStore.getState().acceptPrice(change.priceResult);
          setPriceChange(describePriceChange(priceResult, change, items));
          return;
        }
        const problem = error instanceof ApiError ? providerProblemOf[error.code ?? ''] : undefined;
        if (problem) {
          setProviderProblem(problem);
          return;
        }
        throw error;
      }

      if (order.orderKey) rememberOrderKey(order.incrementId, order.orderKey);
      recordPurchase(items, {
        transactionId: order.incrementId,
        coupons: request.discountCodes ?? [],
        value: request.expectedTotalPrice,
      });
      // Kept until the payment ends: a failed one puts this cart back (the return page), a paid one forgets it, and
      // with it the form's draft (the confirmation page): a buyer whose payment fails finds both as they were.
      const email = orderEmailOf(request, customer?.email ?? null) ?? values.email;
      if (order.paymentLink)
        rememberSubmittedCart({
          orderId: order.incrementId,
          items,
          discountCodes,
          email,
          paymentLink: order.paymentLink,
        });
      done.current = true;
      // Codes first, then the cart: clearing last leaves its storage empty (removing a code writes the cart again).
      for (const code of discountCodes) useCartPriceStore.getState().removeDiscountCode(code);
      useCartStore.getState().clear();
      if (order.paymentLink) window.location.assign(order.paymentLink);
      else navigate(`/checkout-complete/${encodeURIComponent(order.incrementId)}/${encodeURIComponent(email)}`);
    } catch (error) {
      console.error('Checkout submit failed', error);
      setFailure(
        explainedRefusal(error) ?? (error instanceof ApiError && error.status === 429 ? 'tooMany' : 'generic'),
      );
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return { submit, submitting, done, priceChange, providerProblem, failure };
}
