import { describe, expect, it } from 'vitest';
import { areaForPath } from './areaForPath.ts';
import type { RemoteManifest } from './manifest.ts';

const area = (paths: string[]) => ({ version: '1.0.0+test', shared: '^1.1.0', paths });
const areas: RemoteManifest['areas'] = {
  catalog: area(['/courses']),
  cartCheckout: area(['/cart', '/checkout-complete/:orderId/:email']),
  account: area(['/account-data']),
  levelTest: area(['/level-test', '/level-test/:level']),
};

describe('areaForPath', () => {
  it.each([
    ['/courses', 'catalog'],
    ['/cart', 'cartCheckout'],
    ['/checkout-complete/100023/anna%40example.org', 'cartCheckout'],
    ['/account-data', 'account'],
    ['/level-test', 'levelTest'],
    ['/level-test/B1', 'levelTest'],
  ])('maps %s to %s by the composed paths', (path, owner) => {
    expect(areaForPath(areas, path)).toBe(owner);
  });

  it('knows no area for paths no manifest lists', () => {
    expect(areaForPath(areas, '/nope')).toBeUndefined();
    expect(areaForPath(areas, '/courses/12/extra')).toBeUndefined();
    expect(areaForPath(areas, '/checkout-complete/1')).toBeUndefined();
  });
});
