import { describe, expect, it } from 'vitest';
import { areaForPath } from './routeTable.ts';

describe('areaForPath', () => {
  it.each([
    ['/courses', 'catalog'],
    ['/products-iframe', 'catalog'],
    ['/cart', 'cartCheckout'],
    ['/checkout-complete/100023/anna%40example.org', 'cartCheckout'],
    ['/checkout-return/100023/anna%40example.org', 'cartCheckout'],
    ['/account-address', 'account'],
    ['/verify-email-change', 'account'],
    ['/level-test/B1', 'levelTest'],
    ['/level-test/complete', 'levelTest'],
    ['/einstufung', 'levelTest'],
  ])('maps %s to %s', (path, area) => {
    expect(areaForPath(path)).toBe(area);
  });

  it('knows no area for unknown paths', () => {
    expect(areaForPath('/nope')).toBeUndefined();
    expect(areaForPath('/courses/12/extra')).toBeUndefined();
    expect(areaForPath('/checkout-complete/1')).toBeUndefined();
    expect(areaForPath('/checkout-return/1')).toBeUndefined();
  });
});
