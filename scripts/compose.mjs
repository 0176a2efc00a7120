#!/usr/bin/env node
/**
 * Composes the shell's deploy-time `remotes.json` from the areas' manifests (`shop-area.json` beside each
 * remoteEntry.js; docs/decisions/0031-route-manifests.md):
 *   npm run compose                          reads each deployed area's manifest from its URL
 *   npm run compose -- --from-dist           reads each mf-…/dist/shop-area.json (what `npm run build` does)
 *   npm run compose -- --catalog=https://catalog.example.org/ --out=/srv/shell/remotes.json
 * An area's URL comes from `--<area>=URL`, else SHOP_AREA_URL_<AREA> (e.g. SHOP_AREA_URL_CARTCHECKOUT), else
 * its local port (5174–5177). The composition goes into remotes.json and, when the shell's index.html lies
 * beside it, into that page too. The shell is not rebuilt: it reads the written files at its next load.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaManifestFile } from '../shared/vite/areaManifest.js';
import { areaDirs, composeRemotes, fetchManifest } from '../shared/vite/composeRemotes.js';
import { writeComposition } from '../shared/vite/composition.js';
import { areaPorts } from '../shared/vite/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);

const urls = Object.fromEntries(
  Object.keys(areaDirs).map((area) => {
    const url =
      args.get(area) || process.env[`SHOP_AREA_URL_${area.toUpperCase()}`] || `http://localhost:${areaPorts[area]}/`;
    return [area, url.endsWith('/') ? url : `${url}/`];
  }),
);
const read = args.has('from-dist')
  ? (area) => JSON.parse(readFileSync(join(root, areaDirs[area], 'dist', areaManifestFile), 'utf8'))
  : (_area, url) => fetchManifest(url);
const timeoutMs = Number(args.get('timeout-ms') || process.env.SHOP_REMOTE_TIMEOUT_MS || 8000);

const composed = await composeRemotes({ urls, read: async (area, url) => read(area, url), timeoutMs });
const out = resolve(args.get('out') || join(root, 'shell/dist/remotes.json'));
// Into remotes.json, and into the shell's page beside it (docs/performance.md#the-first-screens-path).
const page = writeComposition(out, composed);
console.log(
  `composed ${page ? `${out} and ${page}` : out}:`,
  Object.entries(composed.areas)
    .map(([area, { version, paths }]) => `${area} ${version} (${paths.length} paths)`)
    .join(', '),
);
