import { describe, expect, it } from 'vitest';
import { cartLifetimeMs, type CartItem } from '../contract/index.ts';
import { courseFixture, courseItem, productItem } from '../testing/fixtures.ts';
import { decodeCartSync, encodeCartSync } from './cartSync.ts';

const items = [
  {
    ...courseItem(courseFixture({ titles: [{ language: 'es', description: 'Español A1 – ¿Qué tal? ñ €' }] })),
    id: 'a',
  },
  { ...productItem(), id: 'b' },
] as CartItem[];

describe('cartSync value', () => {
  it('round-trips a cart, non-ASCII texts included, in a URL-safe string', () => {
    const value = encodeCartSync(items, 1_000);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCartSync(value, 2_000)).toEqual({ items, timestamp: 1_000 });
  });

  it('is invalid when expired, not a list of items, or not base64 JSON at all', () => {
    expect(decodeCartSync(encodeCartSync(items, 0), cartLifetimeMs + 1)).toBeNull();
    expect(decodeCartSync(btoa(JSON.stringify({ items: 'x', timestamp: Date.now() })))).toBeNull();
    expect(decodeCartSync('%%%')).toBeNull();
    expect(decodeCartSync(btoa('not json'))).toBeNull();
  });
});
