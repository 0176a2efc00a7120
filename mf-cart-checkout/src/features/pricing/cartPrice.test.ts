import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore, useCartStore, type PriceResult } from '@shop/shared';
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

  it("drops a price when the session changes hands: it carried that customer's package credits", () => {
    useAuthStore.getState().logIn('customer-a', false);
    const withCredits: PriceResult = {
      ...result([]),
      items: [
        {
          itemType: 'course',
          courseId: 7,
          appliedCredits: 2,
          quantity: 2,
          finalPrice: 0,
          unitPrice: 25,
          discountAmount: 0,
        },
      ],
      subtotal: 0,
      totalPrice: 0,
    } as PriceResult;
    useCartPriceStore.getState().acceptPrice(withCredits);

    // The same session under a rotated token (a password change) keeps it.
    useAuthStore.getState().replaceToken('customer-a-rotated');
    expect(useCartPriceStore.getState().priceResult).toBe(withCredits);

    // A logout (then a guest, or customer B, opens the cart in this tab): A's credits are not shown to them while
    // their own price is asked for.
    useAuthStore.getState().logOut();
    expect(useCartPriceStore.getState().priceResult).toBeNull();

    useCartPriceStore.getState().acceptPrice(withCredits);
    useAuthStore.getState().logIn('customer-b', false);
    expect(useCartPriceStore.getState().priceResult).toBeNull();
    useAuthStore.getState().logOut();
  });
});
