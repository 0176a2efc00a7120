/**
 * Answers `react-router-dom` in an area's federated build with the router names of the one @shop/shared
 * instance (shared/src/router.ts; docs/decisions/0038-router-inside-shared.md). react-router-dom is then no share
 * of its own: it is bundled, tree-shaken to those names, inside @shop/shared, the way zustand is. Only the shared
 * package's own modules import the real package (they are part of that instance); its standalone start is
 * bundled into a remote's page beside the share, so it goes through the instance too.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const routerModule = fileURLToPath(new URL('../src/router.ts', import.meta.url));
const sharedSources = fileURLToPath(new URL('../src/', import.meta.url));
const standaloneSources = fileURLToPath(new URL('../src/standalone/', import.meta.url));
const facadeId = 'virtual:shop-router';

/** The names shared/src/router.ts re-exports (types are erased before any import is resolved). */
export function routerNames(source = readFileSync(routerModule, 'utf8')) {
  const list = /export\s*\{([^}]*)\}\s*from\s*'react-router-dom'/.exec(source)?.[1];
  if (!list) throw new Error(`${routerModule} must re-export names from 'react-router-dom'`);
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '));
}

/** @returns {import('vite').Plugin} */
export function routerThroughShared() {
  return {
    name: 'shop-router-through-shared',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-router-dom' || !importer) return null;
      const inSharedInstance = importer.startsWith(sharedSources) && !importer.startsWith(standaloneSources);
      return inSharedInstance ? null : facadeId;
    },
    load(id) {
      return id === facadeId ? `export { ${routerNames().join(', ')} } from '@shop/shared';` : null;
    },
  };
}
