import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore, useCartStore, useCustomerStore } from '@shop/shared';
import { useCartNotificationStore } from '../pricing/cartNotifications.ts';
import { AdjustmentNotices } from '../cart/AdjustmentNotices.tsx';
import { PriceStatus } from '../pricing/PriceStatus.tsx';
import { useCartPricing } from '../pricing/useCartPricing.ts';
import { BillingFields } from './BillingFields.tsx';
import { CheckoutStyles } from './CheckoutStyles.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { CommentField } from './CommentField.tsx';
import { ConsentFields } from './ConsentFields.tsx';
import { ContactFields } from './ContactFields.tsx';
import { EarlyStartConsent } from './EarlyStartConsent.tsx';
import { ParticipantBlocks } from './ParticipantBlocks.tsx';
import { OrderButton } from './OrderButton.tsx';
import { OrderReview } from './OrderReview.tsx';
import { PaymentMethods } from './PaymentMethods.tsx';
import { SubmitNotices } from './SubmitNotices.tsx';
import { useBeginCheckoutEvent } from './useBeginCheckoutEvent.ts';
import { useCheckoutForm } from './useCheckoutForm.ts';
import { useCheckoutSubmit } from './useCheckoutSubmit.ts';
import { useCustomerPrefill } from './useCustomerPrefill.ts';
import { useParticipantsFollowCart } from './useParticipantsFollowCart.ts';
import { usePaymentMethodChoice } from './usePaymentMethodChoice.ts';
import { useWaitingOrder, WaitingOrderPanel } from './WaitingOrder.tsx';

/** /checkout (docs/product-rules.md#screens Checkout, #states Checkout submit, #validation). The hooks' order counts. */
export function CheckoutPage() {
  const { t } = useTranslation();
  // First: back from the payment page, a waiting order's cart comes back before the empty-cart check below.
  const waitingOrder = useWaitingOrder();
  const items = useCartStore((state) => state.items);
  const { priceResult, status: priceStatus } = useCartPricing();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const customer = useCustomerStore((state) => state.customer);
  const { submit, submitting, done, priceChange, providerProblem, failure } = useCheckoutSubmit();
  // Adjustments that just removed lines explain an emptied cart; the cart page shows them (see the redirect below).
  const adjusted = useCartNotificationStore((state) => state.notifications.length > 0);
  const { form, draft } = useCheckoutForm(done);
  useParticipantsFollowCart(form, items);
  useCustomerPrefill(form, draft, loggedIn, customer);
  const methods = usePaymentMethodChoice(form, priceResult);
  useBeginCheckoutEvent(priceResult, priceStatus);

  // An empty cart has nothing to check out (docs/product-rules.md#screens), unless the order itself just emptied it;
  // redirected as it renders, so the empty form is never painted. Emptied by the server's adjustments (last course full
  // or past its deadline), the buyer goes to the cart, whose notices say why; the draft keeps the form for a return.
  if (items.length === 0 && !done.current) return <Navigate to={adjusted ? '/cart' : '/'} replace />;

  return (
    <section className="shop-page checkout-page">
      <CheckoutStyles />
      <h1>{t('cartCheckout.checkout.title')}</h1>
      <WaitingOrderPanel waiting={waitingOrder} />
      <AdjustmentNotices takeFocus />
      <div className="checkout-layout">
        <form noValidate onSubmit={form.handleSubmit(submit)} aria-busy={submitting} className="checkout-form">
          <ContactFields form={form} customer={customer} loggedIn={loggedIn} />
          <BillingFields form={form} />
          <ParticipantBlocks form={form} items={items} />
          <CommentField form={form} />
          {(priceResult?.totalPrice ?? 0) > 0 ? <PaymentMethods form={form} methods={methods} /> : null}
          <ConsentFields form={form} />
          <EarlyStartConsent form={form} items={items} />
          <SubmitNotices priceChange={priceChange} providerProblem={providerProblem} failure={failure} />
          <PriceStatus />
          <OrderReview items={items} priceResult={priceResult} />
          <OrderButton
            submitting={submitting}
            // Not while the cart is priced again after a change (a code just entered): the order would carry the
            // total and codes of the cart before it. While an order waits for its payment, the buyer first chooses
            // above: pay it, or change it.
            blocked={!priceResult || priceStatus === 'loading' || waitingOrder.blocking}
          />
        </form>
        <CheckoutSummary items={items} priceResult={priceResult} />
      </div>
    </section>
  );
}
