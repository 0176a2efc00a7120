import { describe, expect, it } from 'vitest';
import type { PriceResult } from '../contract/index.ts';
import { addsUp, presentLine, presentPriceResult, presentPrices } from './presenter.ts';

/** A cart with a code (10 %), a course, a product, a package and a conversation hour paid with credit. */
const result: PriceResult = {
  items: [
    item({
      itemType: 'course',
      courseId: 1,
      quantity: 2,
      unitPrice: 289,
      discountAmount: 57.8,
      codes: ['WILLKOMMEN10'],
    }),
    item({ itemType: 'course', courseId: 2, quantity: 1, unitPrice: 23, appliedCredits: 1 }),
    item({
      itemType: 'product',
      productId: 3,
      quantity: 1,
      unitPrice: 249,
      discountAmount: 24.9,
      codes: ['WILLKOMMEN10'],
    }),
    item({ itemType: 'package', quantity: 1, unitPrice: 115, discountAmount: 11.5, codes: ['WILLKOMMEN10'] }),
  ],
  subtotal: 965,
  totalPrice: 847.8,
  paymentMethods: [],
  discountCodesProvided: [{ code: 'WILLKOMMEN10', status: 'valid', totalDiscountAmount: 94.2, errorMessage: null }],
  discountsApplied: [{ code: 'WILLKOMMEN10', totalDiscountAmount: 94.2 }],
  quantityAdjustments: [],
};

function item({
  codes = [],
  appliedCredits = 0,
  discountAmount = 0,
  courseId = null,
  ...rest
}: Partial<PriceResult['items'][number]> & {
  itemType: PriceResult['items'][number]['itemType'];
  quantity: number;
  unitPrice: number;
  codes?: string[];
}): PriceResult['items'][number] {
  const finalPrice = (rest.quantity - appliedCredits) * rest.unitPrice - discountAmount;
  return { courseId, appliedCredits, discountAmount, discountCodes: codes, finalPrice, ...rest };
}

describe('the price presenter', () => {
  const presented = presentPriceResult(result);

  it('shows each line with list price, named discounts and amount to pay, never discounting twice', () => {
    expect(presented.lines.map((line) => [line.listCents, line.payCents])).toEqual([
      [57800, 52020],
      [2300, 0],
      [24900, 22410],
      [11500, 10350],
    ]);
    expect(presented.lines[0]!.discounts).toEqual([{ kind: 'code', codes: ['WILLKOMMEN10'], cents: 5780 }]);
    expect(presented.lines[1]!.discounts).toEqual([{ kind: 'credit', places: 1, cents: 2300 }]);
  });

  it('sums subtotal, each code, credits and total, and the lines add up to the server’s total', () => {
    expect(presented.summary).toEqual({
      subtotalCents: 96500,
      codes: [{ code: 'WILLKOMMEN10', cents: 9420 }],
      creditsCents: 2300,
      totalCents: 84780,
      vat: 'exempt',
    });
    expect(addsUp(presented)).toBe(true);
    expect(presented.summary.totalCents).toBe(Math.round(result.totalPrice * 100));
  });

  it('notices when lines and summary disagree', () => {
    const wrong = presentPrices(
      [{ kind: 'product', quantity: 1, unitCents: 1000, creditPlaces: 0, codeDiscountCents: 0, codes: [] }],
      [{ code: 'X', cents: 100 }],
    );
    expect(addsUp(wrong)).toBe(false);
  });

  it("shows the server's amount to pay for a line, never its own arithmetic", () => {
    const served = { ...result.items[0]!, finalPrice: 500.01 };
    expect(presentPriceResult({ ...result, items: [served] }).lines[0]!.payCents).toBe(50001);
  });

  it('names every code with a share in a line', () => {
    const line = presentLine({
      kind: 'course',
      quantity: 1,
      unitCents: 10000,
      creditPlaces: 0,
      codeDiscountCents: 1500,
      codes: ['A', 'B'],
    });
    expect(line.discounts).toEqual([{ kind: 'code', codes: ['A', 'B'], cents: 1500 }]);
    expect(line.payCents).toBe(8500);
  });
});
