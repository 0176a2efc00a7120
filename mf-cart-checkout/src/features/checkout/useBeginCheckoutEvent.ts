import { useEffect, useRef, useState } from 'react';
import { newCartItemId, trackBeginCheckout, useCartStore, type PriceResult } from '@shop/shared';
import { useCartPriceStore } from '../pricing/cartPrice.ts';

type PriceStatus = ReturnType<typeof useCartPriceStore.getState>['status'];

/**
 * begin_checkout once, when the first price arrives (docs/product-rules.md#states): the checkout's own, not a price
 * still in the store from an earlier screen (perhaps of the cart before a change). Read from the store, which the
 * pricing started in an effect before this one has already marked 'loading': call it after useCartPricing.
 */
export function useBeginCheckoutEvent(priceResult: PriceResult | null, priceStatus: PriceStatus) {
  const [checkoutId] = useState(newCartItemId);
  const began = useRef(false);
  useEffect(() => {
    if (!priceResult || began.current || useCartPriceStore.getState().status !== 'ready') return;
    began.current = true;
    trackBeginCheckout(useCartStore.getState().items, {
      transactionId: checkoutId,
      coupons: useCartStore.getState().discountCodes,
      value: priceResult.totalPrice,
    });
  }, [priceResult, priceStatus, checkoutId]);
}
