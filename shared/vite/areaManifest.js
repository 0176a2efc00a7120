/**
 * The area manifest: what a remote's build serves, written beside its remoteEntry.js as `shop-area.json`
 * (docs/decisions/0031-route-manifests.md). Its paths are read from the remote's own `./routes` module, the one
 * place an area declares them; `npm run compose` gathers the manifests into the shell's `remotes.json`.
 * Node-only (used by the Vite config and scripts/compose.mjs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { areaTextsOf, requirementsOf, textsFileOf } from './buildManifest.js';
import { lazyModulesByPath, remotePreloads } from './preloads.js';

export const areaManifestFile = 'shop-area.json';

/**
 * The `@shop/shared` range an area needs: its package.json's dependency, or SHOP_SHARED_RANGE (a build
 * against another release; docs/decisions/0032-version-skew.md). Undefined outside an area's folder (tools that
 * load the Vite configs from the repository's root).
 * @param {string} root the area's folder
 * @returns {string | undefined}
 */
export function sharedRangeOf(root) {
  if (process.env.SHOP_SHARED_RANGE) return process.env.SHOP_SHARED_RANGE;
  const file = resolve(root, 'package.json');
  const range = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).dependencies?.['@shop/shared'] : undefined;
  return typeof range === 'string' ? range : undefined;
}

/** @param {string} prefix @param {string} path */
const joinPath = (prefix, path) => (path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`);

/**
 * Every path a routes module declares: `path` string literals of its route objects (children joined to their
 * parent's path), and those of a route list it spreads from a relative import (`...routes`). A `path` that is
 * not a string literal fails the build, since the shell could not route to it.
 * @param {string} file
 * @returns {string[]}
 */
export function routePathsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** @type {Map<string, string>} default-import name → module file */
  const imports = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const name = statement.importClause?.name?.text;
    const specifier = statement.moduleSpecifier.text;
    if (name && specifier.startsWith('.')) imports.set(name, resolve(dirname(file), specifier));
  }
  /** @type {string[]} */
  const paths = [];
  /** @param {ts.Node} node @param {string} prefix */
  const visit = (node, prefix) => {
    if (ts.isSpreadElement(node) && ts.isIdentifier(node.expression) && imports.has(node.expression.text)) {
      paths.push(...routePathsOf(/** @type {string} */ (imports.get(node.expression.text))));
      return;
    }
    if (!ts.isObjectLiteralExpression(node)) return void ts.forEachChild(node, (child) => visit(child, prefix));
    let own = prefix;
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || property.name.getText(source) !== 'path') continue;
      if (!ts.isStringLiteralLike(property.initializer)) {
        throw new Error(`${file}: a route's path must be a string literal (${property.initializer.getText(source)})`);
      }
      own = joinPath(prefix, property.initializer.text);
      paths.push(own);
    }
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText(source) === 'path') continue;
      visit(property, own);
    }
  };
  visit(source, '/');
  return [...new Set(paths)];
}

/**
 * The manifest of one remote build; `preload` (what the composed page fetches at once for each of its paths,
 * shared/vite/preloads.js) only where a build's bundle is known; `reads` (the API reads a path's first screen
 * makes, which the composed page starts with itself) where the area lists them.
 * @param {{ name: string, root: string, routesFile: string, version: string, preload?: { base: string[], pages: Record<string, string[]> }, reads?: Record<string, readonly string[]> }} area
 */
export function areaManifest({ name, root, routesFile, version, preload, reads }) {
  const range = sharedRangeOf(root);
  if (!range) throw new Error(`${root}/package.json does not depend on @shop/shared`);
  const texts = areaTextsOf(root);
  return {
    name,
    entry: 'remoteEntry.js',
    version,
    shared: { '@shop/shared': range },
    // What the shell must provide, checked by compose (buildManifest.js).
    requires: { ...requirementsOf(root), '@shop/shared': range },
    // The area's texts travel with its build, in a file named by their version (buildManifest.js).
    ...(texts ? { texts: { version: texts.version, file: textsFileOf(texts.version) } } : {}),
    paths: routePathsOf(resolve(root, routesFile)),
    ...(preload ? { preload } : {}),
    ...(reads ? { reads } : {}),
  };
}

/**
 * Writes `shop-area.json` into a remote's build and serves it from its dev server.
 * @param {string} name the area's federation name
 * @param {string} routesFile the module exposed as `./routes`, relative to the area's root
 * @param {Record<string, readonly string[]>} [reads] the API reads of its paths' first screens (areaManifest)
 * @returns {import('vite').Plugin}
 */
export function areaManifestPlugin(name, routesFile, reads) {
  let root = process.cwd();
  /** @param {import('./preloads.js').Bundle} [bundle] */
  const manifest = (bundle) => {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
    // The package version plus when it was built: two deploys of one version stay apart.
    const version = `${pkg.version ?? '0.0.0'}+${process.env.SHOP_BUILD_ID ?? new Date().toISOString()}`;
    const routes = resolve(root, routesFile);
    const preload =
      bundle &&
      remotePreloads(bundle, { entry: 'remoteEntry.js', routesFile: routes, lazyByPath: lazyModulesByPath(routes) });
    return areaManifest({ name, root, routesFile, version, preload, reads });
  };
  return {
    name: 'shop-area-manifest',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const source = `${JSON.stringify(manifest(/** @type {any} */ (bundle)), null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: areaManifestFile, source });
      const texts = areaTextsOf(root);
      if (texts) this.emitFile({ type: 'asset', fileName: textsFileOf(texts.version), source: JSON.stringify(texts) });
    },
    configureServer(server) {
      server.middlewares.use(`/${areaManifestFile}`, (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('access-control-allow-origin', '*');
        response.end(JSON.stringify(manifest()));
      });
    },
  };
}
