import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PriceResult } from '../contract/index.ts';
import { presentPriceResult } from '../pricing/index.ts';
import { startI18n } from '../testing/index.tsx';
import { PriceSummaryList } from './PriceParts.tsx';

beforeAll(async () => {
  await startI18n();
});
afterEach(cleanup);

const line = (over: Partial<PriceResult['items'][number]>): PriceResult['items'][number] => ({
  itemType: 'course',
  courseId: 1,
  appliedCredits: 0,
  quantity: 1,
  finalPrice: 0,
  unitPrice: 0,
  discountAmount: 0,
  discountCodes: [],
  ...over,
});

/** A code, a course, a product, a package and an hour paid with credit. */
const result: PriceResult = {
  items: [
    line({ quantity: 2, unitPrice: 289, discountAmount: 57.8, discountCodes: ['WILLKOMMEN10'], finalPrice: 520.2 }),
    line({ courseId: 2, unitPrice: 23, appliedCredits: 1 }),
    line({
      itemType: 'product',
      courseId: null,
      productId: 3,
      unitPrice: 249,
      discountAmount: 24.9,
      finalPrice: 224.1,
      discountCodes: ['WILLKOMMEN10'],
    }),
    line({
      itemType: 'package',
      courseId: null,
      packageType: 'conversation_hours',
      amount: 5,
      unitPrice: 115,
      discountAmount: 11.5,
      finalPrice: 103.5,
      discountCodes: ['WILLKOMMEN10'],
    }),
  ],
  subtotal: 942,
  totalPrice: 847.8,
  paymentMethods: [],
  discountCodesProvided: [
    { code: 'WILLKOMMEN10', status: 'valid', totalDiscountAmount: 94.2, errorMessage: null },
    { code: 'SOMMER25', status: 'invalid', totalDiscountAmount: 0, errorMessage: 'Der Gutscheincode ist abgelaufen.' },
  ],
  discountsApplied: [{ code: 'WILLKOMMEN10', totalDiscountAmount: 94.2 }],
  quantityAdjustments: [],
};

const cents = (text: string | null) => Math.round(Number(text!.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

describe('the price summary', () => {
  it('shows subtotal, the named code, credits and a total they add up to', () => {
    render(<PriceSummaryList summary={presentPriceResult(result).summary} testIdPrefix="cart" />);
    const subtotal = cents(screen.getByTestId('cart-subtotal').textContent);
    const code = cents(screen.getByTestId('cart-discount').querySelector('dd')!.textContent);
    const credits = cents(screen.getByTestId('cart-credits').querySelector('dd')!.textContent);
    expect(screen.getByTestId('cart-discount').textContent).toContain('Gutschein WILLKOMMEN10');
    expect([subtotal, code, credits]).toEqual([96500, 9420, 2300]);
    expect(cents(screen.getByTestId('cart-total').textContent)).toBe(subtotal - code - credits);
    expect(subtotal - code - credits).toBe(Math.round(result.totalPrice * 100));
  });
});
