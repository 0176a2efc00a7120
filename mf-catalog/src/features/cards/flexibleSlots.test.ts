import { describe, expect, it } from 'vitest';
import type { Course } from '@shop/shared';
import { chooseSlot, flexiblePrice } from './flexibleSlots.ts';

const slot = (id: number, price: number, discountedPrice: number | null = null) =>
  ({ id, price, discountedPrice }) as Course;

describe('chooseSlot', () => {
  it('chooses at most one slot, and choosing it again clears the choice', () => {
    expect(chooseSlot(null, 4)).toBe(4);
    expect(chooseSlot(4, 5)).toBe(5);
    expect(chooseSlot(5, 5)).toBeNull();
  });
});

describe('flexiblePrice', () => {
  it('shows the chosen appointment price', () => {
    expect(flexiblePrice([slot(1, 69), slot(2, 79, 59)], 2)).toEqual({ price: 79, discountedPrice: 59, from: false });
  });
  it('shows the lowest price, as "from" only when prices differ', () => {
    expect(flexiblePrice([slot(1, 69), slot(2, 69)], null)).toEqual({ price: 69, discountedPrice: null, from: false });
    expect(flexiblePrice([slot(1, 89), slot(2, 79, 59)], null)).toEqual({ price: 79, discountedPrice: 59, from: true });
    expect(flexiblePrice([], null)).toBeNull();
  });
});
