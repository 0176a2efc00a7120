import { afterEach, describe, expect, it } from 'vitest';
import type { PriceResult } from '../contract/index.ts';
import { useCartStore } from './cart.ts';
import { appliedDiscountCodes, useCartPriceStore } from './cartPrice.ts';

const result = (codes: PriceResult['discountCodesProvided']): PriceResult => ({
  items: [],
  subtotal: 100,
  totalPrice: 90,
  paymentMethods: [],
  discountCodesProvided: codes,
  discountsApplied: [],
  quantityAdjustments: [],
});

afterEach(() =>
  useCartPriceStore.setState({
    priceResult: null,
    status: 'idle',
    discountError: null,
    isValidatingDiscount: false,
  }),
);

describe('the price store', () => {
  it('adds no 11th code: a price request takes at most 10', () => {
    useCartStore.setState({ discountCodes: [] });
    for (let i = 1; i <= 10; i++) expect(useCartPriceStore.getState().addDiscountCode(`code${i}`)).toBe(true);
    expect(useCartPriceStore.getState().addDiscountCode('code11')).toBe(false);
    expect(useCartStore.getState().discountCodes).toHaveLength(10);
    useCartStore.setState({ discountCodes: [] });
  });

  it('shows a price the submit answered like a fresh calculation: ready, no pending code, no old error', () => {
    useCartPriceStore.setState({
      status: 'loading',
      isValidatingDiscount: true,
      discountError: 'Failed to calculate cart price',
    });
    const fresh = result([]);
    useCartPriceStore.getState().acceptPrice(fresh);
    expect(useCartPriceStore.getState()).toMatchObject({
      priceResult: fresh,
      status: 'ready',
      isValidatingDiscount: false,
      discountError: null,
    });
  });

  it('an order names only the codes the price applied', () => {
    const shown = result([
      { code: 'SOMMER25', status: 'valid', totalDiscountAmount: 10, errorMessage: null },
      { code: 'ABGELAUFEN', status: 'invalid', totalDiscountAmount: 0, errorMessage: 'abgelaufen' },
    ]);
    expect(appliedDiscountCodes(shown)).toEqual(['SOMMER25']);
  });
});
