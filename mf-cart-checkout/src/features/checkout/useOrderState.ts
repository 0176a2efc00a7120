import { useEffect, useState } from 'react';
import { ApiError, fetchOrderState, type OrderState } from '@shop/shared';
import { orderKeyOf } from './orderKeys.ts';

/** How often the pages after the payment ask again while the answer is not final. */
export const orderStatePollMs = 3000;

export type OrderLookup =
  /** No final answer yet: the first call is under way, the payment is still open, or the call failed for now. */
  | { kind: 'checking'; state: OrderState | null }
  | { kind: 'found'; state: OrderState }
  /** The number and the address do not belong together (or were malformed). */
  | { kind: 'notFound' };

/**
 * The state of order `orderId` placed with `email`, asked from the API and asked again every `pollMs` until it
 * is final: paid or failed, or not found. A pending payment and a failed call (network, rate limit, server) only
 * mean "ask again" — the provider's answer may still be on its way. Sends the order's key when this browser placed
 * it (orderKeys.ts), which a paid order's price list needs.
 */
export function useOrderState(orderId: string, email: string, pollMs = orderStatePollMs): OrderLookup {
  const [lookup, setLookup] = useState<OrderLookup>({ kind: 'checking', state: null });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLookup({ kind: 'checking', state: null });
    const ask = async () => {
      try {
        const state = await fetchOrderState(orderId, email, orderKeyOf(orderId));
        if (stopped) return;
        if (state.state !== 'pending') return setLookup({ kind: 'found', state });
        setLookup({ kind: 'checking', state });
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return setLookup({ kind: 'notFound' });
        console.error('Order state lookup failed', error);
      }
      timer = setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, email, pollMs]);
  return lookup;
}
