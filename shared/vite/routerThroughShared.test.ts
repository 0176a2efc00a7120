// @vitest-environment node
import * as reactRouterDom from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerNames, routerThroughShared } from './routerThroughShared.js';

const resolve = (source: string, importer: string) => {
  const hook = routerThroughShared().resolveId as (source: string, importer?: string) => string | null;
  return hook(source, importer);
};
const shared = new URL('../src/', import.meta.url).pathname;

describe('routerThroughShared', () => {
  it('reads the names of shared/src/router.ts, each one that react-router-dom really exports', () => {
    const names = routerNames();
    expect(names).toContain('useLocation');
    for (const name of names) expect(reactRouterDom).toHaveProperty(name);
    expect(routerNames(`export {\n  Link,\n  type RouteObject,\n} from 'react-router-dom';`)).toEqual(['Link']);
  });

  it("answers areas' and the standalone start's imports from the shared instance, and only shared's own with the package", () => {
    expect(resolve('react-router-dom', '/repo/mf-catalog/src/routes.tsx')).toBe('virtual:shop-router');
    expect(resolve('react-router-dom', `${shared}standalone/index.tsx`)).toBe('virtual:shop-router');
    expect(resolve('react-router-dom', `${shared}router.ts`)).toBeNull();
    expect(resolve('react-router-dom', `${shared}ui/usePageHeading.ts`)).toBeNull();
    expect(resolve('react', '/repo/mf-catalog/src/routes.tsx')).toBeNull();
  });
});
