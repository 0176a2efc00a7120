import { describe, expect, it } from 'vitest';
import type { CartItem, PackagePrice, PriceResult } from '@shop/shared';
import { courseFixture, courseItem } from '@shop/shared/testing';
import { packageOffers, toCartLine } from './cartLines.ts';

const titles = [
  { language: 'de' as const, description: 'Spanisch A1' },
  { language: 'es' as const, description: 'Español A1' },
];
const course = (
  id: number,
  type: 1 | 2 | 3,
  quantity = 1,
  price = 289,
  discountedPrice: number | null = null,
): CartItem => ({
  id: `c${id}`,
  ...courseItem(courseFixture({ id, type, price, discountedPrice, titles, startDate: '2027-01-11' }), quantity),
});

const pkg: CartItem = {
  id: 'p',
  itemType: 'package',
  quantity: 1,
  packageType: 'conversation_hours',
  amount: 5,
  packageDetails: {
    title: '5 Konversationsstunden',
    type: 'conversation_hours',
    price: 115,
    discountedPrice: null,
    description: '',
  },
};

const result = (items: PriceResult['items']): PriceResult => ({
  items,
  subtotal: 0,
  totalPrice: 0,
  paymentMethods: [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
});

describe('toCartLine', () => {
  it('names a course in the language and shows the catalog price until the server priced it', () => {
    const line = toCartLine(course(7, 1, 2, 319, 289), 'es', null);
    expect(line).toMatchObject({
      title: { text: 'Español A1' },
      startDate: '2027-01-11',
      quantity: 2,
      unitPrice: 289,
      price: null,
      unit: 'place',
    });
  });

  it('takes unit price, final price and credits from the server’s line for that item', () => {
    const priced = result([
      {
        itemType: 'course',
        courseId: 8,
        appliedCredits: 0,
        quantity: 1,
        finalPrice: 1,
        unitPrice: 1,
        discountAmount: 0,
        discountCodes: [],
      },
      {
        itemType: 'course',
        courseId: 7,
        appliedCredits: 1,
        quantity: 2,
        finalPrice: 25,
        unitPrice: 25,
        discountAmount: 0,
        discountCodes: [],
      },
      {
        itemType: 'package',
        courseId: null,
        packageType: 'conversation_hours',
        amount: 5,
        appliedCredits: 0,
        quantity: 1,
        finalPrice: 103.5,
        unitPrice: 115,
        discountAmount: 11.5,
        discountCodes: [],
      },
    ]);
    expect(toCartLine(course(7, 3, 2), 'de', priced)).toMatchObject({
      unitPrice: 25,
      price: {
        listCents: 5000,
        discounts: [{ kind: 'credit', places: 1, cents: 2500 }],
        payCents: 2500,
        vat: 'exempt',
      },
    });
    expect(toCartLine(pkg, 'de', priced)).toMatchObject({
      title: { packageType: 'conversation_hours', amount: 5 },
      price: { listCents: 11500, payCents: 10350 },
      unit: 'package',
    });
  });
});

describe('packageOffers', () => {
  const prices: PackagePrice[] = [
    { type: 'conversation_hours', amount: 10, price: 220 },
    { type: 'conversation_hours', amount: 1, price: 25 },
    { type: 'conversation_hours', amount: 5, price: 115 },
    { type: 'flexible_learning', amount: 4, price: 259 },
    { type: 'flexible_learning', amount: 1, price: 69 },
  ];

  it('offers the packages above 1 of the type of the one conversation or flexible course', () => {
    expect(packageOffers([course(1, 3)], prices)).toEqual({
      type: 'conversation_hours',
      offers: [prices[2], prices[0]],
    });
    expect(packageOffers([course(1, 2), course(2, 1), pkg], prices)).toEqual({
      type: 'flexible_learning',
      offers: [prices[3]],
    });
  });

  it('offers nothing with none or two such courses', () => {
    expect(packageOffers([course(1, 1)], prices)).toBeNull();
    expect(packageOffers([course(1, 3), course(2, 2)], prices)).toBeNull();
    expect(packageOffers([course(1, 3), course(2, 3)], prices)).toBeNull();
  });
});
