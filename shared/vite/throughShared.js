/**
 * Answers an area's import of a library that lives inside the one @shop/shared instance with the names that
 * instance re-exports (docs/decisions/0038-router-inside-shared.md, docs/performance.md#what-every-page-loads).
 * Such a library is no share of its own: it is bundled, tree-shaken to those names, inside @shop/shared, the
 * way zustand is, so the page has one router context and one i18n instance without a share built whole. Only the
 * shared package's own modules import the real package (they are part of that instance); its standalone start is
 * bundled into a remote's page beside the share, so it goes through the instance too.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const sharedSources = fileURLToPath(new URL('../src/', import.meta.url));
const standaloneSources = fileURLToPath(new URL('../src/standalone/', import.meta.url));
const facadePrefix = 'virtual:shop-through-shared/';

/**
 * Each library an area reaches through @shop/shared, and the module of shared/src that lists the names areas
 * may use. A library whose module re-exports none (i18next: areas use its types only) fails an area's build
 * that imports it at runtime, since that import would bring a second instance.
 */
export const throughSharedLibraries = {
  'react-router-dom': '../src/router.ts',
  'react-i18next': '../src/i18n/react.ts',
  i18next: '../src/i18n/react.ts',
  zustand: '../src/stores/zustand.ts',
};

/**
 * The names a module re-exports from `library` (types are erased before any import is resolved).
 * @param {string} library
 * @param {string} [source] the module's text; read from throughSharedLibraries by default
 */
export function reexportedNames(library, source) {
  const text = source ?? readFileSync(moduleOf(library), 'utf8');
  const quoted = library.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const list = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${quoted}'`).exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '));
}

/** @param {string} library */
const moduleOf = (library) =>
  fileURLToPath(
    new URL(throughSharedLibraries[/** @type {keyof typeof throughSharedLibraries} */ (library)], import.meta.url),
  );

/** @returns {import('vite').Plugin} */
export function throughShared() {
  return {
    name: 'shop-through-shared',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!Object.hasOwn(throughSharedLibraries, source) || !importer) return null;
      // A library's own imports (react-i18next imports i18next) are part of the instance that bundles it.
      const inSharedInstance =
        (importer.startsWith(sharedSources) && !importer.startsWith(standaloneSources)) ||
        importer.includes('/node_modules/');
      return inSharedInstance ? null : `${facadePrefix}${source}`;
    },
    load(id) {
      if (!id.startsWith(facadePrefix)) return null;
      const library = id.slice(facadePrefix.length);
      const names = reexportedNames(library);
      if (names.length === 0) {
        this.error(`${library} lives inside @shop/shared: import what you need from @shop/shared, not ${library}`);
      }
      return `export { ${names.join(', ')} } from '@shop/shared';`;
    },
  };
}
