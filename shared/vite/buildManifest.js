/**
 * What a build ships besides its code, for `npm run compose` to check and carry (docs/decisions/0119-area-builds-
 * carry-texts-and-requirements.md). Modelled on Module Federation's mf-manifest.json (`shared[].requiredVersion`,
 * `metaData.buildInfo`): an area's manifest names the versions it needs of what the shell provides, the shell's
 * build names what it provides, and an area's texts (de/en/es) travel in a content-named file beside its manifest.
 * Node-only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/** What the shell provides once for every area: the singletons and the federation runtime (0040). */
export const providedPackages = ['react', 'react-dom', '@module-federation/runtime-core'];

/** The shell's own manifest, beside its index.html: what its build provides. */
export const shellManifestFile = 'shop-shell.json';

export const textLanguages = ['de', 'en', 'es'];

/**
 * The installed version of `name` as the build at `root` resolves it.
 * @param {string} root @param {string} name
 */
export function installedVersion(root, name) {
  const require = createRequire(resolve(root, 'package.json'));
  // Some packages do not export their package.json: walk up from the entry instead.
  let dir = resolve(require.resolve(name), '..');
  while (
    !existsSync(resolve(dir, 'package.json')) ||
    JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')).name !== name
  ) {
    const up = resolve(dir, '..');
    if (up === dir) throw new Error(`${name}: no package.json above ${require.resolve(name)}`);
    dir = up;
  }
  return /** @type {string} */ (JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')).version);
}

/**
 * An area's requirements: the shell must provide each package at a version `^` of the one the area was built
 * against (a newer minor may add what the area uses; another major breaks the singleton).
 * @param {string} root
 * @returns {Record<string, string>}
 */
export const requirementsOf = (root) =>
  Object.fromEntries(providedPackages.map((name) => [name, `^${installedVersion(root, name)}`]));

/**
 * What the shell's build provides: the packages above at their installed versions, and `@shop/shared`'s.
 * @param {string} root
 */
export const provisionsOf = (root) => ({
  ...Object.fromEntries(providedPackages.map((name) => [name, installedVersion(root, name)])),
  '@shop/shared': installedVersion(root, '@shop/shared'),
});

/**
 * An area's texts as its bundle has them (`src/i18n/<language>.json`), with a version that is their content's
 * hash: the same texts give the same version, whatever build they come from. Undefined for an area without texts.
 * @param {string} root
 * @returns {{ version: string, texts: Record<string, unknown> } | undefined}
 */
export function areaTextsOf(root) {
  const files = textLanguages.map((language) => resolve(root, 'src/i18n', `${language}.json`));
  if (!files.every((file) => existsSync(file))) return undefined;
  const texts = Object.fromEntries(
    textLanguages.map((language, i) => [language, JSON.parse(readFileSync(files[i], 'utf8'))]),
  );
  const version = createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16);
  return { version, texts };
}

/** The file an area's texts are written to: named by their version, so it is never overwritten. @param {string} version */
export const textsFileOf = (version) => `shop-texts.${version}.json`;

/**
 * Writes `shop-shell.json` into the shell's build.
 * @returns {import('vite').Plugin}
 */
export function shellManifestPlugin() {
  let root = process.cwd();
  return {
    name: 'shop-shell-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const manifest = { name: 'shell', provides: provisionsOf(root) };
      this.emitFile({ type: 'asset', fileName: shellManifestFile, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
