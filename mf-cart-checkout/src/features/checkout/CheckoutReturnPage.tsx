import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { restoreSubmittedCart } from './submittedCart.ts';
import type { CheckoutCancelState } from './CheckoutCancelPage.tsx';
import { OrderCheckScreen } from './OrderCheckScreen.tsx';
import { useOrderState } from './useOrderState.ts';

/**
 * /checkout-return/{orderId}/{email}: where the payment provider sends the buyer back. It asks for the order's
 * state: paid goes on to the confirmation; failed, canceled or expired puts the submitted cart back and goes to
 * /checkout-cancel (telling it when the money came only after the order's hold had ended, so the order was
 * cancelled and the payment is to be refunded); while the payment is open a waiting notice stays and the state is
 * asked again every few seconds. Both moves replace this page in the history, so "back" does not return into the loop.
 */
export function CheckoutReturnPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderId = '', email = '' } = useParams();
  const lookup = useOrderState(orderId, email);

  useEffect(() => {
    if (lookup.kind !== 'found') return;
    if (lookup.state.state === 'paid') {
      navigate(`/checkout-complete/${encodeURIComponent(orderId)}/${encodeURIComponent(email)}`, { replace: true });
    } else {
      restoreSubmittedCart(orderId);
      const state: CheckoutCancelState = {
        paidAfterHold: lookup.state.paymentStatus === 'paid',
        failed: lookup.state.paymentStatus === 'failed',
        ...(lookup.state.latePayment ? { latePayment: lookup.state.latePayment } : {}),
      };
      navigate('/checkout-cancel', { replace: true, state });
    }
  }, [lookup, orderId, email, navigate]);

  return (
    <OrderCheckScreen
      notFound={lookup.kind === 'notFound'}
      title={t('cartCheckout.checkoutReturn.title')}
      notice={
        lookup.kind === 'checking' && lookup.state?.holdActive === false
          ? t('cartCheckout.checkoutReturn.holdEnded', { orderId })
          : t('cartCheckout.checkoutReturn.waiting', { orderId })
      }
    >
      {/* A provider's "back to the shop" comes here with the payment still open: the checkout offers the choice to
          continue the payment or change the order (WaitingOrder.tsx). */}
      {lookup.kind === 'checking' && lookup.state?.holdActive ? (
        <p>
          <Link to="/checkout">{t('cartCheckout.checkoutReturn.toCheckout')}</Link>
        </p>
      ) : null}
    </OrderCheckScreen>
  );
}
