import { describe, expect, it } from 'vitest';
import type { CartItem, PriceChangedBody, PriceResult, PriceResultItem } from '@shop/shared';
import { courseFixture, courseItem, productFixture, productItem } from '@shop/shared/testing';
import { describePriceChange } from './priceChange.ts';

const course: CartItem = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 2) };
const product: CartItem = { id: 'p3', ...productItem(productFixture({ id: 3 }), 1) };

const line = (over: Partial<PriceResultItem>): PriceResultItem => ({
  itemType: 'course',
  courseId: 7,
  appliedCredits: 0,
  quantity: 2,
  finalPrice: 50,
  unitPrice: 25,
  discountAmount: 0,
  discountCodes: [],
  ...over,
});
const result = (items: PriceResultItem[], totalPrice: number): PriceResult => ({
  items,
  subtotal: totalPrice,
  totalPrice,
  paymentMethods: [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
});
const change = (priceResult: PriceResult, reasons: PriceChangedBody['reasons']): PriceChangedBody => ({
  error: { code: 'PRICE_CHANGED', message: 'changed' },
  meta: { message: 'changed' },
  priceResult,
  reasons,
});

describe('describePriceChange', () => {
  it('names the refused codes first, then the lines whose price or credits changed, then the totals', () => {
    const shown = result(
      [
        line({ appliedCredits: 2, finalPrice: 0 }),
        line({ itemType: 'product', courseId: null, productId: 3, quantity: 1, unitPrice: 10, finalPrice: 10 }),
      ],
      10,
    );
    const fresh = result(
      [
        line({ appliedCredits: 1, finalPrice: 25 }),
        line({ itemType: 'product', courseId: null, productId: 3, quantity: 1, unitPrice: 12, finalPrice: 12 }),
      ],
      37,
    );
    const lines = describePriceChange(
      shown,
      change(fresh, [
        { reason: 'TOTAL_CHANGED', expectedTotalPrice: 10, totalPrice: 37 },
        { reason: 'DISCOUNT_CODE_REJECTED', code: 'WEG', message: 'abgelaufen' },
      ]),
      [course, product],
    );
    expect(lines).toEqual([
      { kind: 'code', code: 'WEG', message: 'abgelaufen' },
      { kind: 'credits', item: course, before: 2, after: 1 },
      { kind: 'unitPrice', item: product, before: 10, after: 12 },
      { kind: 'total', before: 10, after: 37 },
    ]);
  });

  it('a code refused at an equal total is the only line', () => {
    const same = result([line({})], 50);
    expect(
      describePriceChange(
        same,
        change(same, [{ reason: 'DISCOUNT_CODE_REJECTED', code: 'X', message: 'gibt es nicht' }]),
        [course],
      ),
    ).toEqual([{ kind: 'code', code: 'X', message: 'gibt es nicht' }]);
  });
});
