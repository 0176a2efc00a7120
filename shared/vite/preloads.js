/**
 * Which built chunks a page needs before it can show something, read from a build's bundle, so the shell can ask
 * for all of them at once instead of discovering them one import after another
 * (docs/performance.md#the-first-screens-path). Node-only (used by the area manifest and the shell's HTML).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** @typedef {{ type: 'chunk', fileName: string, name: string, imports: string[], dynamicImports: string[], moduleIds: string[], facadeModuleId: string | null }} Chunk */
/** @typedef {Record<string, Chunk | { type: 'asset' }>} Bundle */

/**
 * A chunk and every chunk it imports statically, in load order (the browser fetches all of them before running
 * it). Unknown names are skipped.
 * @param {Bundle} bundle
 * @param {string[]} fileNames
 * @returns {string[]}
 */
export function staticClosure(bundle, fileNames) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} fileName */
  const visit = (fileName) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return [...seen];
}

/** @param {Bundle} bundle @returns {Chunk[]} */
const chunksOf = (bundle) => /** @type {Chunk[]} */ (Object.values(bundle).filter((item) => item.type === 'chunk'));

/**
 * Per path of a routes module, the modules its route loads lazily: `const Page = lazy(() => import('./x.tsx'))`
 * (or `lazyPage(…)`, the catalog's lazy page with a preload)
 * named anywhere in the route object of that path. Paths without a lazy page are left out.
 * @param {string} routesFile
 * @returns {Record<string, string[]>} path → absolute module files
 */
export function lazyModulesByPath(routesFile) {
  const source = ts.createSourceFile(
    routesFile,
    readFileSync(routesFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  /** @type {Map<string, string>} name of a lazy component → its module */
  const lazy = new Map();
  /** @param {ts.Node} node */
  const findLazy = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const specifier = dynamicImportIn(node.initializer);
      if (specifier && /^lazy(Page)?\(/.test(node.initializer.getText(source))) {
        lazy.set(node.name.text, resolve(dirname(routesFile), specifier));
      }
    }
    ts.forEachChild(node, findLazy);
  };
  findLazy(source);

  /** @type {Record<string, string[]>} */
  const byPath = {};
  /** @param {ts.Node} node */
  const findRoutes = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const path = node.properties.find(
        (property) => ts.isPropertyAssignment(property) && property.name.getText(source) === 'path',
      );
      if (path && ts.isPropertyAssignment(path) && ts.isStringLiteralLike(path.initializer)) {
        /** @type {Set<string>} */
        const modules = new Set();
        /** @param {ts.Node} inner */
        const names = (inner) => {
          if (ts.isIdentifier(inner) && lazy.has(inner.text)) modules.add(/** @type {string} */ (lazy.get(inner.text)));
          ts.forEachChild(inner, names);
        };
        node.properties.filter((property) => property !== path).forEach(names);
        if (modules.size > 0) byPath[path.initializer.text] = [...modules];
      }
    }
    ts.forEachChild(node, findRoutes);
  };
  findRoutes(source);
  return byPath;
}

/** @param {ts.Node} node @returns {string | undefined} the specifier of the first `import('…')` inside */
function dynamicImportIn(node) {
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteralLike(node.arguments[0])
  ) {
    return node.arguments[0].text;
  }
  return ts.forEachChild(node, dynamicImportIn);
}

/**
 * What a composed page loads from a remote's build for its `./routes`: the remote entry's own imports, its
 * share map (not the shares themselves: the shell provides them), the exposed routes module with its imports,
 * and per path the lazy page's chunks. File names are relative to the remote entry.
 * @param {Bundle} bundle
 * @param {{ entry: string, routesFile: string, lazyByPath: Record<string, string[]> }} options
 *   `routesFile` and `lazyByPath` hold absolute module files
 * @returns {{ base: string[], pages: Record<string, string[]> }}
 */
export function remotePreloads(bundle, { entry, routesFile, lazyByPath }) {
  const entryChunk = bundle[entry];
  if (entryChunk?.type !== 'chunk') return { base: [], pages: {} };
  const chunks = chunksOf(bundle);
  const routesChunk = chunks.find((chunk) => chunk.moduleIds.includes(routesFile))?.fileName;
  const started = entryChunk.dynamicImports.filter(
    (fileName) =>
      bundle[fileName]?.type === 'chunk' &&
      /** @type {Chunk} */ (
        bundle[fileName].name.includes('localSharedImportMap') ||
          (routesChunk !== undefined && staticClosure(bundle, [fileName]).includes(routesChunk))
      ),
  );
  const base = staticClosure(bundle, [entry, ...started]).filter((fileName) => fileName !== entry);
  /** @type {Record<string, string[]>} */
  const pages = {};
  for (const [path, modules] of Object.entries(lazyByPath)) {
    const roots = chunks.filter((chunk) => chunk.facadeModuleId && modules.includes(chunk.facadeModuleId));
    const files = staticClosure(
      bundle,
      roots.map((chunk) => chunk.fileName),
    ).filter((fileName) => !base.includes(fileName) && fileName !== entry);
    if (files.length > 0) pages[path] = files;
  }
  return { base, pages };
}

/**
 * What the shell's entry loads only once it runs, one import after another: the shares it provides (as the host
 * it provides them to the whole page, so they are always used) and the federation's pending-share step.
 * @param {Bundle} bundle
 * @param {string[]} alreadyListed files the HTML already loads or preloads
 * @returns {string[]}
 */
export function shellBootPreloads(bundle, alreadyListed) {
  const chunks = chunksOf(bundle);
  const providers = chunks
    .filter((chunk) => chunk.name.includes('localSharedImportMap'))
    .flatMap((chunk) => chunk.dynamicImports);
  const pending = chunks.filter((chunk) => chunk.name === 'pendingShares').map((chunk) => chunk.fileName);
  return staticClosure(bundle, [...pending, ...providers]).filter((fileName) => !alreadyListed.includes(fileName));
}
