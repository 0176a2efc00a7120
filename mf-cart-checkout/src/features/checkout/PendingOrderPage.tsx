import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, Banner, Button, fetchOrderState, formatMoney, releaseOrder } from '@shop/shared';
import { readSubmittedCart } from './submittedCart.ts';
import { checkoutCss } from './checkout.css.ts';
import { orderKeyOf, rememberOrderKey } from './orderKeys.ts';

type Phase =
  | { kind: 'checking' }
  | { kind: 'waiting'; paymentLink: string; total: number }
  | { kind: 'releasing' | 'releaseFailed'; paymentLink: string; total: number }
  | { kind: 'released' | 'over' | 'invalid' | 'unknown' };

/**
 * /checkout-pending?order=…&email=…&key=…: the link of the order-received mail (docs/decisions/0127-the-order-mail-leads-back-to-the-payment.md). While the order
 * waits for its payment, the buyer chooses, as back from the payment page: continue the payment, or change the order
 * (cancelled, places given back at once). In the browser that placed the order, the checkout itself offers that
 * choice with the cart and the form; elsewhere this page does. The key leaves the address bar at once (it is kept
 * with the browser's order keys); a paid order goes to its confirmation; one that no longer waits says so.
 */
export function PendingOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const orderId = search.get('order') ?? '';
  const email = search.get('email') ?? '';
  const [key] = useState(() => search.get('key') ?? orderKeyOf(orderId) ?? '');
  const [phase, setPhase] = useState<Phase>(orderId && email && key ? { kind: 'checking' } : { kind: 'invalid' });

  useEffect(() => {
    if (!orderId || !email || !key) return;
    rememberOrderKey(orderId, key);
    // Only number and address stay in the address bar (and its history): the key is the order's to keep.
    navigate({ search: new URLSearchParams({ order: orderId, email }).toString() }, { replace: true });
    // The checkout takes back a kept cart it can continue (takeBackWaitingCart): with its address and payment link.
    const kept = readSubmittedCart();
    if (kept?.orderId === orderId && kept.paymentLink && kept.email) {
      navigate('/checkout', { replace: true });
      return;
    }
    let active = true;
    fetchOrderState(orderId, email, key)
      .then((state) => {
        if (!active) return;
        if (state.state === 'paid')
          navigate(`/checkout-complete/${encodeURIComponent(orderId)}/${encodeURIComponent(email)}`, { replace: true });
        else if (state.holdActive && state.paymentLink)
          setPhase({ kind: 'waiting', paymentLink: state.paymentLink, total: state.totalPrice });
        else setPhase({ kind: 'over' });
      })
      .catch((error: unknown) => {
        if (active) setPhase({ kind: error instanceof ApiError && error.status === 404 ? 'invalid' : 'unknown' });
      });
    return () => {
      active = false;
    };
    // Once per link: the values come from the address it was opened with.
  }, []);

  const change = async () => {
    if (!('paymentLink' in phase)) return;
    setPhase({ ...phase, kind: 'releasing' });
    try {
      const state = await releaseOrder(orderId, email, key);
      if (state.state === 'paid')
        navigate(`/checkout-complete/${encodeURIComponent(orderId)}/${encodeURIComponent(email)}`, { replace: true });
      else setPhase({ kind: 'released' });
    } catch (error) {
      console.error('The order could not be released', error);
      setPhase({ ...phase, kind: 'releaseFailed' });
    }
  };

  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <h1>{t('cartCheckout.pendingOrder.title', { orderId })}</h1>
      {phase.kind === 'checking' ? <p role="status">{t('cartCheckout.pendingOrder.checking')}</p> : null}
      {'paymentLink' in phase ? (
        <section className="shop-banner shop-banner--info waiting-order" aria-labelledby="pending-order-choice">
          <h2 id="pending-order-choice">{t('cartCheckout.waitingOrder.title', { orderId })}</h2>
          <p>{t('cartCheckout.pendingOrder.text', { total: formatMoney(phase.total) })}</p>
          <p>{t('cartCheckout.pendingOrder.changeHint', { orderId })}</p>
          <p className="checkout-actions">
            <Button
              type="button"
              onClick={() => window.location.assign(phase.paymentLink)}
              disabled={phase.kind === 'releasing'}
            >
              {t('cartCheckout.waitingOrder.continue')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void change()}
              disabled={phase.kind === 'releasing'}
            >
              {t('cartCheckout.waitingOrder.change')}
            </Button>
          </p>
          <p role="status">
            {phase.kind === 'releasing'
              ? t('cartCheckout.waitingOrder.releasing')
              : phase.kind === 'releaseFailed'
                ? t('cartCheckout.waitingOrder.releaseFailed')
                : ''}
          </p>
        </section>
      ) : null}
      {phase.kind === 'released' || phase.kind === 'over' || phase.kind === 'invalid' || phase.kind === 'unknown' ? (
        <>
          <Banner tone={phase.kind === 'released' ? 'success' : 'warning'} takeFocus data-testid="pending-order-notice">
            {t(`cartCheckout.pendingOrder.${phase.kind}`, { orderId })}
          </Banner>
          <p className="checkout-actions">
            <Link className="shop-button shop-button--primary" to="/courses">
              {t('cartCheckout.pendingOrder.toCourses')}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
