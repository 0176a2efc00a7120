import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Banner, formatDate, formatMoney, type LatePayment, selectCartCount, useCartStore } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';
import { contactUrl } from './links.ts';

/** What the return page tells /checkout-cancel. */
export interface CheckoutCancelState {
  /**
   * The money arrived after the order's hold had ended: the order is cancelled and the payment flagged for a refund
   * by hand (docs/decisions/0001-payment-holds.md), so "nothing was charged" would be untrue.
   */
  paidAfterHold: boolean;
  /**
   * The provider refused the payment (card declined, bank said no), rather than the buyer cancelling it or letting it
   * expire: the page says so and offers another payment method.
   */
  failed?: boolean;
  /** With `paidAfterHold`: the amount to refund, and when it was refunded, as the order's state says. */
  latePayment?: LatePayment;
}

/** The heading and notice of a payment that came after the hold: its amount, and once refunded, the day. */
function latePaymentTexts(latePayment: LatePayment) {
  const amount = formatMoney(latePayment.amount);
  return latePayment.refundedAt
    ? {
        title: 'cartCheckout.cancel.latePaymentRefundedTitle',
        notice: 'cartCheckout.checkoutCancel.latePaymentRefunded',
        values: { amount, date: formatDate(latePayment.refundedAt) },
      }
    : {
        title: 'cartCheckout.cancel.latePaymentTitle',
        notice: 'cartCheckout.checkoutCancel.latePayment',
        values: { amount },
      };
}

/**
 * /checkout-cancel: the payment did not go through (or came too late and is refunded); a notice and the contact link.
 * A failed payment (refused by the provider) says so and offers another payment method; a cancelled or expired one
 * reads as a cancellation. The return page has
 * put the submitted cart back by then, so a cart with something in it is offered to try again (the checkout, or
 * the cart first); the re-pricing there checks the quantities against the places left.
 */
export function CheckoutCancelPage() {
  const { t } = useTranslation();
  const count = useCartStore(selectCartCount);
  const state = useLocation().state as CheckoutCancelState | null;
  const paidAfterHold = state?.paidAfterHold === true;
  const failed = !paidAfterHold && state?.failed === true;
  const late = paidAfterHold && state?.latePayment ? latePaymentTexts(state.latePayment) : null;
  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <h1>{late ? t(late.title) : t(failed ? 'cartCheckout.cancel.failedTitle' : 'cartCheckout.cancel.title')}</h1>
      <Banner tone="warning">
        {late
          ? t(late.notice, late.values)
          : t(
              paidAfterHold
                ? 'cartCheckout.checkoutCancel.paidAfterHold'
                : failed
                  ? 'cartCheckout.checkoutCancel.failedNotice'
                  : 'cartCheckout.checkoutCancel.notice',
            )}
      </Banner>
      {count > 0 ? (
        <>
          <p>{t('cartCheckout.checkoutCancel.cartKept', { count })}</p>
          <p className="checkout-actions">
            <Link className="shop-button shop-button--primary" to="/checkout">
              {t(failed ? 'cartCheckout.checkoutCancel.otherMethod' : 'cartCheckout.checkoutCancel.retry')}
            </Link>
            <Link className="shop-button shop-button--secondary" to="/cart">
              {t('cartCheckout.checkoutCancel.viewCart')}
            </Link>
          </p>
        </>
      ) : null}
      <p>
        {t('cartCheckout.checkoutCancel.contactText')}{' '}
        <a href={contactUrl}>{t('cartCheckout.checkoutCancel.contact')}</a>
      </p>
      <p>
        <Link to="/courses">{t('cartCheckout.checkoutCancel.back')}</Link>
      </p>
    </section>
  );
}
