import { describe, expect, it } from 'vitest';
import { courseLevel, effectivePrice } from './courseView.ts';

describe('courseLevel', () => {
  it('reads the level tag (category 3)', () => {
    expect(courseLevel({ tags: [{ categoryId: 6, slug: 'monday' }, { categoryId: 3, slug: 'b2' }] })).toBe('b2');
  });
  it('defaults to a1', () => {
    expect(courseLevel({ tags: [{ categoryId: 6, slug: 'monday' }] })).toBe('a1');
  });
});

describe('effectivePrice', () => {
  it('prefers the discounted price', () => {
    expect(effectivePrice({ price: 289, discountedPrice: 249 })).toBe(249);
    expect(effectivePrice({ price: 289, discountedPrice: null })).toBe(289);
  });
});
