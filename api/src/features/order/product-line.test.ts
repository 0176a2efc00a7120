import { describe, expect, it } from 'vitest';
import { productLineTotalCents } from './product-line.ts';

describe('productLineTotalCents', () => {
  it('multiplies the list price by the quantity and takes off the discount', () => {
    expect(productLineTotalCents({ quantity: 3, unit_price_cents: 1250, discount_cents: 375 })).toBe(3375);
  });

  it('is the list price alone without a discount', () => {
    expect(productLineTotalCents({ quantity: 1, unit_price_cents: 4900, discount_cents: 0 })).toBe(4900);
  });
});
