import { describe, expect, it } from 'vitest';
import { formatMoney, PackageType } from '@shop/shared';
import { packageCartItem, packagesOfType, unitPriceOf } from './packageList.ts';

const prices = [
  { type: PackageType.flexibleLearning, amount: 4, price: 300 },
  { type: PackageType.conversationHours, amount: 10, price: 250 },
  { type: PackageType.conversationHours, amount: 1, price: 30 },
  { type: PackageType.conversationHours, amount: 3, price: 85 },
];

describe('package list', () => {
  it('lists a type smallest amount first and leaves the other type out', () => {
    expect(packagesOfType(prices, PackageType.conversationHours).map((p) => p.amount)).toEqual([1, 3, 10]);
    expect(packagesOfType(prices, PackageType.flexibleLearning).map((p) => p.amount)).toEqual([4]);
  });

  it('gives the unit price rounded to cents when shown', () => {
    expect(formatMoney(unitPriceOf(prices[3]!))).toBe('28,33\u00a0€');
    expect(formatMoney(unitPriceOf(prices[1]!))).toBe('25\u00a0€');
  });

  it('makes a package cart item of quantity 1 with its price', () => {
    expect(packageCartItem(prices[1]!, '10 Konversationsstunden', 'Paket')).toEqual({
      itemType: 'package',
      quantity: 1,
      packageType: 'conversation_hours',
      amount: 10,
      packageDetails: {
        title: '10 Konversationsstunden',
        type: 'conversation_hours',
        price: 250,
        discountedPrice: null,
        description: 'Paket',
      },
    });
  });
});
