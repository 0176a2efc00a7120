// @vitest-environment node
import * as reactI18next from 'react-i18next';
import * as reactRouterDom from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { reexportedNames, throughShared } from './throughShared.js';

const plugin = throughShared();
const resolve = (source: string, importer: string) =>
  (plugin.resolveId as (source: string, importer?: string) => string | null)(source, importer);
const load = (id: string) => {
  const errors: string[] = [];
  const context = {
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  try {
    return (plugin.load as (this: typeof context, id: string) => string | null).call(context, id);
  } catch {
    return errors[0];
  }
};
const shared = new URL('../src/', import.meta.url).pathname;

describe('throughShared', () => {
  it('reads the names shared/src re-exports, each one that the library really exports', () => {
    for (const [library, module] of [
      ['react-router-dom', reactRouterDom],
      ['react-i18next', reactI18next],
    ] as const) {
      const names = reexportedNames(library);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(module).toHaveProperty(name);
    }
    expect(reexportedNames('react-router-dom')).toContain('useLocation');
    expect(reexportedNames('react-i18next')).toContain('useTranslation');
    expect(
      reexportedNames('react-router-dom', `export {\n  Link,\n  type RouteObject,\n} from 'react-router-dom';`),
    ).toEqual(['Link']);
    expect(reexportedNames('i18next', `export { Trans } from 'react-i18next';`)).toEqual([]);
  });

  it("answers areas' and the standalone start's imports from the shared instance, and only shared's own with the package", () => {
    expect(resolve('react-router-dom', '/repo/mf-catalog/src/routes.tsx')).toBe(
      'virtual:shop-through-shared/react-router-dom',
    );
    expect(resolve('react-i18next', '/repo/shell/src/app/App.tsx')).toBe('virtual:shop-through-shared/react-i18next');
    expect(resolve('react-i18next', `${shared}standalone/index.tsx`)).toBe('virtual:shop-through-shared/react-i18next');
    expect(resolve('react-router-dom', `${shared}router.ts`)).toBeNull();
    expect(resolve('react-i18next', `${shared}i18n/react.ts`)).toBeNull();
    expect(resolve('i18next', `${shared}i18n/index.ts`)).toBeNull();
    expect(resolve('i18next', '/repo/node_modules/react-i18next/dist/es/useTranslation.js')).toBeNull();
    expect(resolve('i18next', '/repo/mf-account/src/features/forms/messages.ts')).toBe(
      'virtual:shop-through-shared/i18next',
    );
    expect(resolve('react', '/repo/mf-catalog/src/routes.tsx')).toBeNull();
  });

  it("re-exports the listed names from @shop/shared, and refuses an area's runtime import of i18next", () => {
    expect(load('virtual:shop-through-shared/react-i18next')).toBe(
      "export { Trans, useTranslation } from '@shop/shared';",
    );
    expect(load('virtual:shop-through-shared/i18next')).toMatch(/i18next lives inside @shop\/shared/);
    expect(load('/repo/mf-catalog/src/routes.tsx')).toBeNull();
  });
});
