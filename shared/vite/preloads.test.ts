// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyModulesByPath, remotePreloads, staticClosure } from './preloads.js';

const repo = (path: string) => resolve(import.meta.dirname, '../..', path);
const chunk = (
  fileName: string,
  { imports = [], dynamicImports = [], moduleIds = [], facadeModuleId = null, name = fileName } = {} as {
    imports?: string[];
    dynamicImports?: string[];
    moduleIds?: string[];
    facadeModuleId?: string | null;
    name?: string;
  },
) =>
  [fileName, { type: 'chunk' as const, fileName, name, imports, dynamicImports, moduleIds, facadeModuleId }] as const;

/** A remote's build: its entry starts the share map and both exposes; routes loads a page lazily. */
const bundle = Object.fromEntries([
  chunk('remoteEntry.js', {
    imports: ['assets/runtime.js'],
    dynamicImports: ['assets/expose-routes.js', 'assets/expose-embed.js', 'assets/map.js'],
  }),
  chunk('assets/runtime.js'),
  chunk('assets/map.js', { name: '_virtual_mf-localSharedImportMap', dynamicImports: ['assets/own-shared.js'] }),
  chunk('assets/own-shared.js'),
  chunk('assets/expose-routes.js', { imports: ['assets/routes.js'] }),
  chunk('assets/routes.js', {
    imports: ['assets/i18n.js'],
    dynamicImports: ['assets/CoursesPage.js', 'assets/en.js'],
    moduleIds: ['/area/src/routes.tsx'],
  }),
  chunk('assets/i18n.js'),
  chunk('assets/CoursesPage.js', {
    imports: ['assets/i18n.js', 'assets/card.js'],
    facadeModuleId: '/area/src/Courses.tsx',
  }),
  chunk('assets/card.js'),
  chunk('assets/en.js'),
  chunk('assets/expose-embed.js', { imports: ['assets/mount.js'] }),
  chunk('assets/mount.js'),
  ['shop-area.json', { type: 'asset' as const }],
]);

describe('staticClosure', () => {
  it('follows static imports only, each file once', () => {
    expect(staticClosure(bundle, ['assets/CoursesPage.js', 'assets/routes.js', 'missing.js'])).toEqual([
      'assets/CoursesPage.js',
      'assets/i18n.js',
      'assets/card.js',
      'assets/routes.js',
    ]);
  });
});

describe('remotePreloads', () => {
  it("lists the entry's imports, share map and routes, and per path its lazy page; not other exposes, own shares or other languages", () => {
    expect(
      remotePreloads(bundle, {
        entry: 'remoteEntry.js',
        routesFile: '/area/src/routes.tsx',
        lazyByPath: { '/courses': ['/area/src/Courses.tsx'], '/gone': ['/area/src/Gone.tsx'] },
      }),
    ).toEqual({
      base: ['assets/runtime.js', 'assets/expose-routes.js', 'assets/routes.js', 'assets/i18n.js', 'assets/map.js'],
      pages: { '/courses': ['assets/CoursesPage.js', 'assets/card.js'] },
    });
  });

  it('lists nothing for a bundle without the entry', () => {
    expect(remotePreloads({}, { entry: 'remoteEntry.js', routesFile: '/x.tsx', lazyByPath: {} })).toEqual({
      base: [],
      pages: {},
    });
  });
});

describe('lazyModulesByPath', () => {
  it('maps each catalog path to the page module its route loads lazily', () => {
    const byPath = lazyModulesByPath(repo('mf-catalog/src/routes.tsx'));
    expect(byPath['/courses']).toEqual([repo('mf-catalog/src/features/pages/CoursesPage.tsx')]);
    expect(byPath['/waitlist/leave']).toEqual([repo('mf-catalog/src/features/waitlist/LeavePage.tsx')]);
  });

  it('leaves out paths whose route loads nothing lazily', () => {
    expect(lazyModulesByPath(repo('mf-level-test/src/routes.tsx'))).toEqual({});
  });
});
