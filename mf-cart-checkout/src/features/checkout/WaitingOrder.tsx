import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  Banner,
  Button,
  fetchOrderState,
  focusDropped,
  releaseOrder,
  useCartStore,
  type SubmittedCart,
} from '@shop/shared';
import { forgetSubmittedCart, restoreSubmittedCart, takeBackWaitingCart } from './submittedCart.ts';
import { useCartPriceStore } from '../pricing/cartPrice.ts';
import { orderKeyOf } from './orderKeys.ts';

/**
 * Where an order left for the payment page stands when the buyer is back at the checkout without having paid:
 * - `none`: there is no such order;
 * - `checking`, `waiting`: it waits for its payment (the first while its state is asked); the buyer chooses to
 *   continue its payment or to change it;
 * - `releasing`, `releaseFailed`: "change the order" is under way, or could not be done now (try again);
 * - `released`: the buyer changed it: the order is cancelled, its places are free, the cart and form are theirs to edit;
 * - `failed`, `canceled`: its payment failed, or was canceled or expired (the order is cancelled);
 * - `ended`: its hold ended before it was paid (the sweep gives its places back).
 */
export type WaitingPhase =
  'none' | 'checking' | 'waiting' | 'releasing' | 'releaseFailed' | 'released' | 'failed' | 'canceled' | 'ended';

export interface WaitingOrder {
  order: SubmittedCart | null;
  phase: WaitingPhase;
  /** Whether a new order must wait for the buyer's choice (the waiting one still holds the places). */
  blocking: boolean;
  continuePayment: () => void;
  changeOrder: () => Promise<void>;
}

const confirmationPath = (order: SubmittedCart) =>
  `/checkout-complete/${encodeURIComponent(order.orderId)}/${encodeURIComponent(order.email ?? '')}`;

/**
 * The checkout's view of an order that waits for its payment (docs/decisions/0092-back-from-the-payment-page.md).
 * On the first render, before the checkout decides that an empty cart has nothing to check out, the kept cart of a
 * waiting order goes back into an empty cart (takeBackWaitingCart); the form comes back from its draft. Then the
 * order's state is asked once: paid goes to the confirmation (or, when the cart holds a later purchase, is just
 * forgotten); failed or canceled leave the cart for a new order and say which; still waiting offers the choice.
 */
export function useWaitingOrder(): WaitingOrder {
  const navigate = useNavigate();
  const [taken] = useState(takeBackWaitingCart);
  const [phase, setPhase] = useState<WaitingPhase>(taken ? 'checking' : 'none');
  const order = taken?.waiting ?? null;

  /** The order is over: its items stay in the cart (merged back if they were not put there), the kept copy goes. */
  const keepCartForNewOrder = (next: WaitingPhase) => {
    if (!taken) return;
    if (taken.restored) forgetSubmittedCart(taken.waiting.orderId);
    else restoreSubmittedCart(taken.waiting.orderId);
    setPhase(next);
  };
  /**
   * It was paid after all: the kept copy goes. When its items were put back, they are taken out again and the
   * confirmation shows it; a cart the buyer filled anew since (a later purchase) stays at the checkout.
   */
  const showPaid = () => {
    if (!taken) return;
    forgetSubmittedCart(taken.waiting.orderId);
    if (!taken.restored) {
      setPhase('none');
      return;
    }
    clearCart();
    navigate(confirmationPath(taken.waiting), { replace: true });
  };

  useEffect(() => {
    if (!taken) return;
    let active = true;
    const { orderId, email } = taken.waiting;
    fetchOrderState(orderId, email!, orderKeyOf(orderId))
      .then((state) => {
        if (!active) return;
        if (state.state === 'paid') showPaid();
        else if (state.state === 'failed')
          keepCartForNewOrder(state.paymentStatus === 'failed' ? 'failed' : 'canceled');
        // An order whose hold ended is over for the buyer: the sweep gives its places back.
        else if (!state.holdActive) keepCartForNewOrder('ended');
        else setPhase('waiting');
      })
      .catch((error: unknown) => {
        // Not known now (offline, rate limit): both choices stay possible, each checks again.
        console.error('The waiting order could not be checked', error);
        if (active) setPhase('waiting');
      });
    return () => {
      active = false;
    };
    // Once per visit of the page: `taken` never changes, and the handlers only read it.
  }, [taken]);

  return {
    order,
    phase,
    blocking: ['checking', 'waiting', 'releasing', 'releaseFailed'].includes(phase),
    continuePayment: () => {
      if (!taken?.waiting.paymentLink) return;
      // The cart was emptied when the order was placed; it is emptied again on the way back to its payment.
      if (taken.restored) clearCart();
      window.location.assign(taken.waiting.paymentLink);
    },
    changeOrder: async () => {
      if (!taken) return;
      const { orderId, email } = taken.waiting;
      const orderKey = orderKeyOf(orderId);
      setPhase('releasing');
      try {
        if (!orderKey) throw new Error(`No key for order ${orderId}`);
        const state = await releaseOrder(orderId, email!, orderKey);
        if (state.state === 'paid') showPaid();
        else keepCartForNewOrder('released');
      } catch (error) {
        console.error('The order could not be released', error);
        setPhase('releaseFailed');
      }
    },
  };
}

function clearCart(): void {
  for (const code of useCartStore.getState().discountCodes) useCartPriceStore.getState().removeDiscountCode(code);
  useCartStore.getState().clear();
}

/** The notice and the choice at the top of the checkout (nothing when there is no waiting order). */
export function WaitingOrderPanel({ waiting }: { waiting: WaitingOrder }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { order, phase } = waiting;
  const choosing = waiting.blocking;
  useLayoutEffect(() => {
    // Back from the payment page, the choice is the first thing to read (record 0064: focus in layout effects).
    if (choosing && focusDropped()) heading.current?.focus();
  }, [choosing]);
  if (!order || phase === 'none') return null;
  const orderId = order.orderId;
  if (!choosing) {
    const tone = phase === 'released' ? 'success' : 'warning';
    const notices = {
      released: t('cartCheckout.waitingOrder.released', { orderId }),
      failed: t('cartCheckout.waitingOrder.failed', { orderId }),
      canceled: t('cartCheckout.waitingOrder.canceled', { orderId }),
      ended: t('cartCheckout.waitingOrder.ended', { orderId }),
    };
    return (
      <Banner tone={tone} takeFocus data-testid="waiting-order-notice">
        {notices[phase as keyof typeof notices]}
      </Banner>
    );
  }
  return (
    <section className="shop-banner shop-banner--info waiting-order" aria-labelledby="waiting-order-title">
      <h2 id="waiting-order-title" ref={heading} tabIndex={-1}>
        {t('cartCheckout.waitingOrder.title', { orderId })}
      </h2>
      <p>{t('cartCheckout.waitingOrder.text')}</p>
      <p>{t('cartCheckout.waitingOrder.changeHint', { orderId })}</p>
      <p className="checkout-actions">
        <Button type="button" onClick={waiting.continuePayment} disabled={phase === 'releasing'}>
          {t('cartCheckout.waitingOrder.continue')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void waiting.changeOrder()}
          disabled={phase === 'releasing'}
        >
          {t('cartCheckout.waitingOrder.change')}
        </Button>
      </p>
      <p role="status">
        {phase === 'releasing'
          ? t('cartCheckout.waitingOrder.releasing')
          : phase === 'releaseFailed'
            ? t('cartCheckout.waitingOrder.releaseFailed')
            : ''}
      </p>
    </section>
  );
}
