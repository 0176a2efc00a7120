import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOrders, isPendingOrder, orderPageSize, type Order } from '@shop/shared';

/** What the last "older orders" request came to: how many it added, and whether that was the last page. */
export type MoreAnswer = { failed: true } | { failed: false; added: number; last: boolean };

/** Orders still waiting for their payment, or cancelled, hold nothing to withdraw from. */
const withdrawable = (order: Order) => !isPendingOrder(order) && order.status !== 'cancelled';

/**
 * The customer's own orders for the withdrawal page, a page of the orders call at a time (limit 20, offset; newest
 * first), as docs/product-rules.md#older-orders-on-the-withdrawal-page says: the offset counts every order the API
 * gave, those left out here included; the call names no total, so a page shorter than 20 (or empty) was the last.
 */
export function useOwnOrderPages() {
  const [orders, setOrders] = useState<Order[]>([]);
  const [given, setGiven] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<MoreAnswer | null>(null);
  const active = useRef(true);

  const take = useCallback((page: Order[]) => {
    const fresh = page.filter(withdrawable);
    // An order placed meanwhile shifts the pages by one: an order seen already is not listed twice.
    setOrders((shown) => [...shown, ...fresh.filter((order) => !shown.some((seen) => seen.id === order.id))]);
    setGiven((count) => count + page.length);
    setHasMore(page.length >= orderPageSize);
    return fresh.length;
  }, []);

  useEffect(() => {
    active.current = true;
    fetchOrders({ limit: orderPageSize, offset: 0 }).then(
      (page) => active.current && take(page),
      // Without the list the customer types the number, as a guest does.
      () => undefined,
    );
    return () => {
      active.current = false;
    };
  }, [take]);

  const loadMore = useCallback(() => {
    setLoading(true);
    fetchOrders({ limit: orderPageSize, offset: given }).then(
      (page) => {
        if (!active.current) return;
        const added = take(page);
        setAnswer({ failed: false, added, last: page.length < orderPageSize });
        setLoading(false);
      },
      () => {
        if (!active.current) return;
        setAnswer({ failed: true });
        setLoading(false);
      },
    );
  }, [given, take]);

  return { orders, hasMore, loading, answer, loadMore };
}
