import { describe, expect, it } from 'vitest';
import { centsOfMollieAmount, mollieAmount, mollieLines, reportedMollieAmount } from './mollie-provider.ts';

describe('Mollie amounts', () => {
  it('always have two decimals', () => {
    expect([0, 5, 100, 74430, 123456789, -500].map((cents) => mollieAmount(cents).value)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '744.30',
      '1234567.89',
      '-5.00',
    ]);
    expect(mollieAmount(74430)).toEqual({ currency: 'EUR', value: '744.30' });
    expect(() => mollieAmount(1.5)).toThrow();
  });

  it('are read back into cents, refusing anything but euros with two decimals', () => {
    expect(centsOfMollieAmount({ currency: 'EUR', value: '744.30' })).toBe(74430);
    expect(centsOfMollieAmount({ currency: 'EUR', value: '0.05' })).toBe(5);
    expect(() => centsOfMollieAmount({ currency: 'USD', value: '1.00' })).toThrow();
    expect(() => centsOfMollieAmount({ currency: 'EUR', value: '1.5' })).toThrow();
  });

  it('as a payment reports them, keep their currency, so that a payment in another one is seen, not an error', () => {
    expect(reportedMollieAmount({ currency: 'EUR', value: '744.30' })).toEqual({ amountCents: 74430, currency: 'EUR' });
    expect(reportedMollieAmount({ currency: 'USD', value: '1.5' })).toEqual({ amountCents: 150, currency: 'USD' });
    expect(reportedMollieAmount({ currency: 'JPY', value: '1000' })).toEqual({ amountCents: 100000, currency: 'JPY' });
    expect(() => reportedMollieAmount({ currency: 'EUR', value: '-1.00' })).toThrow();
    expect(() => reportedMollieAmount({ currency: 'eur', value: '1.00' })).toThrow();
  });
});

describe('mollieLines', () => {
  const line = (totalCents: number, discountCents = 0) => ({
    kind: 'digital' as const,
    description: 'Kurs',
    quantity: 1,
    unitPriceCents: totalCents + discountCents,
    discountCents,
    totalCents,
  });

  it('lists the positions with their discounts', () => {
    expect(mollieLines({ amountCents: 2500, locale: 'de', lines: [line(2500, 500)] })).toEqual([
      {
        type: 'digital',
        description: 'Kurs',
        quantity: 1,
        unitPrice: { currency: 'EUR', value: '30.00' },
        discountAmount: { currency: 'EUR', value: '5.00' },
        totalAmount: { currency: 'EUR', value: '25.00' },
      },
    ]);
  });

  it('adds a discount or a surcharge line so the lines add up to the amount', () => {
    const discounted = mollieLines({ amountCents: 1500, locale: 'en', lines: [line(1000), line(1000)] });
    expect(discounted.at(-1)).toEqual({
      type: 'discount',
      description: 'Discount',
      quantity: 1,
      unitPrice: { currency: 'EUR', value: '-5.00' },
      totalAmount: { currency: 'EUR', value: '-5.00' },
    });
    expect(mollieLines({ amountCents: 1100, locale: 'es', lines: [line(1000)] }).at(-1)).toMatchObject({
      type: 'surcharge',
      description: 'Recargo',
      totalAmount: { value: '1.00' },
    });
  });
});
