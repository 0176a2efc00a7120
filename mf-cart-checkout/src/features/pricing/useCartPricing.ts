import { useEffect } from 'react';
import { startCartPricing } from './cartPricing.ts';
import { useCartPriceStore } from './cartPrice.ts';

/** Keeps the cart's price current while the calling screen is shown; returns the price state. */
export function useCartPricing() {
  useEffect(() => startCartPricing(), []);
  return useCartPriceStore();
}
