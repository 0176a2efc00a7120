import { useEffect } from 'react';
import { startCartPricing, useCartPriceStore } from '@shop/shared';

/** Keeps the cart's price current while the calling screen is shown; returns the price state. */
export function useCartPricing() {
  useEffect(() => startCartPricing(), []);
  return useCartPriceStore();
}
