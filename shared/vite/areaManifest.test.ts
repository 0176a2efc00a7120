import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePathsOf } from './areaManifest.js';

const repo = (path: string) => resolve(import.meta.dirname, '../..', path);

describe('routePathsOf', () => {
  it("reads an area's paths from its routes module, children and layouts included", () => {
    expect(routePathsOf(repo('mf-level-test/src/routes.tsx'))).toEqual([
      '/level-test',
      '/level-test/complete',
      '/level-test/:level',
      '/einstufung',
    ]);
    expect(routePathsOf(repo('mf-cart-checkout/src/routes.tsx'))).toContain('/checkout-complete/:orderId/:email');
  });

  it('joins relative child paths, follows a spread route list and refuses a computed path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'routes-'));
    writeFileSync(join(dir, 'base.tsx'), "export default [{ path: '/base', element: <p /> }];");
    writeFileSync(
      join(dir, 'routes.tsx'),
      "import base from './base.tsx';\nexport default [...base, { path: '/shop', children: [{ path: 'item/:id' }, { index: true }] }];",
    );
    expect(routePathsOf(join(dir, 'routes.tsx'))).toEqual(['/base', '/shop', '/shop/item/:id']);

    writeFileSync(join(dir, 'computed.tsx'), "const p = '/x';\nexport default [{ path: p }];");
    expect(() => routePathsOf(join(dir, 'computed.tsx'))).toThrow(/string literal/);
  });
});
