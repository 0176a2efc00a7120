import { describe, expect, it, vi } from 'vitest';
import { placesChangeOf, priceChangeOf, submitCart } from './order.ts';

const freshPrice = {
  items: [],
  subtotal: 100,
  totalPrice: 100,
  paymentMethods: [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
};

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}
const failure = () =>
  submitCart({ billingAddress: {} as never, expectedTotalPrice: 50 }).catch((error: unknown) => error);

describe('priceChangeOf', () => {
  it('reads the fresh price and the reasons of a 409 PRICE_CHANGED', async () => {
    const body = {
      error: { code: 'PRICE_CHANGED', message: 'changed' },
      meta: { message: 'Der Preis hat sich geändert.' },
      priceResult: freshPrice,
      reasons: [{ reason: 'TOTAL_CHANGED', expectedTotalPrice: 50, totalPrice: 100 }],
    };
    answer(409, body);
    expect(priceChangeOf(await failure())).toEqual(body);
  });

  it('is null for any other failure, and for a PRICE_CHANGED without a price', async () => {
    answer(409, { error: { code: 'PLACES_CHANGED', message: 'x' }, quantityAdjustments: [] });
    expect(priceChangeOf(await failure())).toBeNull();
    answer(409, { error: { code: 'PRICE_CHANGED', message: 'x' } });
    expect(priceChangeOf(await failure())).toBeNull();
    expect(priceChangeOf(new Error('offline'))).toBeNull();
  });
});

describe('placesChangeOf', () => {
  it('reads the adjustments of a 409 PLACES_CHANGED as they arrive', async () => {
    const quantityAdjustments = [
      { itemType: 'course', itemId: 7, reason: 'NOT_ENOUGH_PLACES', adjustedQuantity: 1, requestedQuantity: 2 },
    ];
    answer(409, { error: { code: 'PLACES_CHANGED', message: 'x' }, quantityAdjustments });
    expect(placesChangeOf(await failure())?.quantityAdjustments).toEqual(quantityAdjustments);
  });

  it('is null for any other failure', async () => {
    answer(409, { error: { code: 'PRICE_CHANGED', message: 'x' }, quantityAdjustments: [] });
    expect(placesChangeOf(await failure())).toBeNull();
    expect(placesChangeOf(new Error('offline'))).toBeNull();
  });
});
