import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Banner,
  CalendarFileButton,
  fetchOrderCalendar,
  firePendingPurchase,
  selectIsLoggedIn,
  useAuthStore,
} from '@shop/shared';
import { forgetSubmittedCart } from './submittedCart.ts';
import { checkoutCss } from './checkout.css.ts';
import { forgetCheckoutDraft } from './checkoutDraft.ts';
import { contactUrl } from './links.ts';
import { OrderBookings } from './OrderBookings.tsx';
import { OrderCheckScreen } from './OrderCheckScreen.tsx';
import { orderKeyOf } from './orderKeys.ts';
import { OrderPriceList } from './OrderPriceList.tsx';
import { useOrderState } from './useOrderState.ts';

/**
 * /checkout-complete/{orderId}/{email} (docs/product-rules.md#screens): confirmation, next steps, contact; guests are offered an account
 * with their address. Shown only when the server confirms that the number and the address belong to one paid
 * order; otherwise "order not found". An order still waiting for its payment (or one that failed) goes to the
 * return page, which decides. The stored purchase event fires once, and only for this confirmed order; the submitted
 * cart and the checkout's draft are forgotten then, not at submit (a failed payment brings both back).
 */
export function CheckoutCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderId = '', email = '' } = useParams();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const lookup = useOrderState(orderId, email);
  const orderKey = orderKeyOf(orderId);
  const paid = lookup.kind === 'found' && lookup.state.state === 'paid';
  const withdrawal = lookup.kind === 'found' ? lookup.state.withdrawal : 'none';
  const undecided =
    (lookup.kind === 'found' && !paid) || (lookup.kind === 'checking' && lookup.state?.state === 'pending');

  useEffect(() => {
    if (paid) {
      forgetSubmittedCart(orderId);
      forgetCheckoutDraft();
      firePendingPurchase(orderId);
    } else if (undecided)
      navigate(`/checkout-return/${encodeURIComponent(orderId)}/${encodeURIComponent(email)}`, { replace: true });
  }, [paid, undecided, orderId, email, navigate]);

  if (!paid) {
    return (
      <OrderCheckScreen
        notFound={lookup.kind === 'notFound'}
        title={t('cartCheckout.checkoutComplete.checkingTitle')}
        notice={t('cartCheckout.checkoutComplete.checking')}
      />
    );
  }
  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <h1>{t('cartCheckout.complete.title')}</h1>
      {withdrawal === 'none' ? (
        <Banner tone="success">{t('cartCheckout.checkoutComplete.confirmation', { orderId, email })}</Banner>
      ) : (
        <Banner tone="warning">{t(`cartCheckout.checkoutComplete.withdrawal.${withdrawal}`, { orderId })}</Banner>
      )}
      {lookup.kind === 'found' && lookup.state.bookings ? <OrderBookings bookings={lookup.state.bookings} /> : null}
      {lookup.kind === 'found' && lookup.state.prices ? <OrderPriceList prices={lookup.state.prices} /> : null}
      {/* Every lesson of the booked courses, for the browser that placed the order (its key). */}
      {lookup.kind === 'found' && lookup.state.prices?.positions.some((p) => p.kind === 'course') && orderKey ? (
        <p className="checkout-actions">
          <CalendarFileButton
            load={() => fetchOrderCalendar(orderId, email, orderKey)}
            label={t('cartCheckout.checkoutComplete.calendar')}
            failed={t('cartCheckout.checkoutComplete.calendarFailed')}
          />
        </p>
      ) : null}
      <h2>{t('cartCheckout.checkoutComplete.nextTitle')}</h2>
      <ol>
        <li>{t('cartCheckout.checkoutComplete.nextMail')}</li>
        <li>{t('cartCheckout.checkoutComplete.nextAccess')}</li>
        <li>{t('cartCheckout.checkoutComplete.nextWithdrawal')}</li>
      </ol>
      <p>
        {t('cartCheckout.checkoutComplete.contactText')}{' '}
        <a href={contactUrl}>{t('cartCheckout.checkoutComplete.contact')}</a>
      </p>
      {loggedIn ? (
        <p>
          <Link to="/account-order">{t('cartCheckout.checkoutComplete.orders')}</Link>
        </p>
      ) : (
        <section aria-labelledby="checkout-complete-account">
          <h2 id="checkout-complete-account">{t('cartCheckout.checkoutComplete.accountTitle')}</h2>
          <p>{t('cartCheckout.checkoutComplete.accountText')}</p>
          <p>
            <Link className="shop-button shop-button--primary" to={`/register?${new URLSearchParams({ email })}`}>
              {t('cartCheckout.checkoutComplete.register')}
            </Link>
          </p>
        </section>
      )}
    </section>
  );
}
