/**
 * Composes the shell's `remotes.json` from the areas' manifests (docs/decisions/0031-route-manifests.md): each
 * remote's entry URL (what the federation runtime registers), and per area its build version, the
 * `@shop/shared` range it needs and the paths it serves (what the shell routes by). Node-only.
 */
import { areaManifestFile } from './areaManifest.js';

/** The remotes by federation name, with the folder of their workspace. */
export const areaDirs = {
  catalog: 'mf-catalog',
  cartCheckout: 'mf-cart-checkout',
  account: 'mf-account',
  levelTest: 'mf-level-test',
};

const rangePattern = /^[\^~]?\d+\.\d+\.\d+$/;

/**
 * What is wrong with an area's manifest, as lines for compose's refusal (none when it is usable).
 * @param {string} area @param {unknown} manifest
 * @returns {string[]}
 */
export function manifestProblems(area, manifest) {
  try {
    check(area, manifest);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/**
 * Paths declared by two areas (the shell could only pick one), one line each.
 * @param {Record<string, { paths: string[] }>} manifests
 */
export function pathClashes(manifests) {
  const owners = new Map();
  const clashes = [];
  for (const [area, manifest] of Object.entries(manifests)) {
    for (const path of manifest.paths) {
      if (owners.has(path)) clashes.push(`${path} is declared by ${owners.get(path)} and ${area}`);
      else owners.set(path, area);
    }
  }
  return clashes;
}

/** A manifest the shell cannot use stops the compose step, not the visitors' pages. */
function check(area, manifest) {
  const range = manifest?.shared?.['@shop/shared'];
  if (manifest?.name !== area) throw new Error(`${area}: the manifest names area ${manifest?.name}`);
  if (typeof range !== 'string' || !rangePattern.test(range)) {
    throw new Error(`${area}: unsupported @shop/shared range ${range} (x.y.z, ^x.y.z or ~x.y.z)`);
  }
  if (
    !Array.isArray(manifest.paths) ||
    manifest.paths.some((path) => typeof path !== 'string' || !path.startsWith('/'))
  ) {
    throw new Error(`${area}: paths must be absolute`);
  }
  if (manifest.preload !== undefined && !isPreload(manifest.preload)) {
    throw new Error(`${area}: preload must list file names relative to the remote entry`);
  }
  if (manifest.reads !== undefined && !isReads(manifest.reads)) {
    throw new Error(`${area}: reads must list API paths (starting with one /) by the area's own paths`);
  }
  return manifest;
}

/**
 * `{ path: apiPaths }`: the API reads an area's first screen makes at each of its own paths
 * (docs/performance.md#the-first-screens-path). Each starts with one `/` and stays under the API
 * base, so the shell's page only ever reads its own API.
 */
function isReads(reads) {
  return (
    typeof reads === 'object' &&
    reads !== null &&
    !Array.isArray(reads) &&
    Object.values(reads).every(
      (paths) =>
        Array.isArray(paths) &&
        paths.every((path) => typeof path === 'string' && /^\/[^/\\]/.test(path) && !path.includes('..')),
    )
  );
}

/** @param {unknown} files */
const isFileList = (files) =>
  Array.isArray(files) && files.every((file) => typeof file === 'string' && !/^(\/|[a-z]+:)|\.\./i.test(file));

/** `{ base: files, pages: { path: files } }` of shared/vite/preloads.js, files relative to the entry. */
function isPreload(preload) {
  return (
    isFileList(preload?.base) &&
    typeof preload.pages === 'object' &&
    preload.pages !== null &&
    Object.values(preload.pages).every(isFileList)
  );
}

/** Reads `shop-area.json` from where the area is deployed. @param {string} url the area's base URL */
export async function fetchManifest(url) {
  const response = await fetch(new URL(areaManifestFile, url));
  if (!response.ok) throw new Error(`${url}${areaManifestFile} answered ${response.status}`);
  return response.json();
}

/**
 * @param {{ urls: Record<string, string>, read: (area: string, url: string) => Promise<unknown>, timeoutMs: number }} options
 *   `urls`: each area's base URL (ending in `/`); `read`: its manifest
 */
export async function composeRemotes({ urls, read, timeoutMs }) {
  const areas = await Promise.all(
    Object.keys(areaDirs).map(async (area) => ({
      area,
      url: urls[area],
      manifest: check(area, await read(area, urls[area])),
    })),
  );
  // A path declared by two areas is a mistake worth stopping for: the shell could only pick one.
  const owners = new Map();
  for (const { area, manifest } of areas) {
    for (const path of manifest.paths) {
      if (owners.has(path)) throw new Error(`${path} is declared by ${owners.get(path)} and ${area}`);
      owners.set(path, area);
    }
  }
  return {
    timeoutMs,
    remotes: Object.fromEntries(areas.map(({ area, url, manifest }) => [area, new URL(manifest.entry, url).href])),
    areas: Object.fromEntries(
      areas.map(({ area, manifest }) => [
        area,
        {
          version: manifest.version,
          shared: manifest.shared['@shop/shared'],
          paths: manifest.paths,
          // Which texts the area shipped (its texts live with this composition, docs/decisions/0119).
          ...(manifest.texts ? { texts: manifest.texts.version } : {}),
          // What the shell's page preloads for each path (shared/vite/bootPreload.js).
          ...(manifest.preload ? { preload: manifest.preload } : {}),
          // The API reads it starts for a path's first screen (shared/vite/bootPreload.js).
          ...(manifest.reads ? { reads: manifest.reads } : {}),
        },
      ]),
    ),
  };
}

/**
 * The shell's dev server answers `/remotes.json` composed afresh from the remotes' dev servers, so a page added
 * in development is routed at the next reload.
 * @param {Record<string, number>} ports
 * @returns {import('vite').Plugin}
 */
export function composedRemotesDevPlugin(ports) {
  const urls = Object.fromEntries(Object.keys(areaDirs).map((area) => [area, `http://localhost:${ports[area]}/`]));
  return {
    name: 'shop-composed-remotes',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        composeRemotes({ urls, read: (_area, url) => fetchManifest(url), timeoutMs: 8000 }).then(
          (composed) => {
            response.setHeader('content-type', 'application/json');
            response.end(JSON.stringify(composed));
          },
          (error) => {
            response.statusCode = 502;
            response.end(String(error));
          },
        );
      });
    },
  };
}
