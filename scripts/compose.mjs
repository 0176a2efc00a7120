#!/usr/bin/env node
/**
 * Composes the shop from the areas' builds and makes the composition live in one step
 * (docs/decisions/0031-route-manifests.md, 0119, 0120; docs/deploy.md#deploy-one-area-on-its-own):
 *   npm run compose                          reads each deployed area's manifest from its URL
 *   npm run compose -- --from-dist           reads each mf-…/dist/shop-area.json (what `npm run build` does)
 *   npm run compose -- --catalog=https://shop.example/areas/catalog/1.0.0-…/ --shell-dir=/srv/shop/shell
 *   npm run compose -- --list                the kept compositions, the live one marked
 *   npm run compose -- --rollback            back to the composition live before the live one
 *   npm run compose -- --publish=catalog --areas-dir=/srv/shop/areas   copies mf-catalog/dist (or --dist=DIR) to
 *                                            areas/catalog/<its version>/, a folder never overwritten
 * An area's URL comes from `--<area>=URL`, else SHOP_AREA_URL_<AREA> (e.g. SHOP_AREA_URL_CARTCHECKOUT), else where
 * the live composition has it, else its local port (5174–5177). Every area's manifest is checked against the shell's (shop-shell.json): a problem
 * refuses the whole composition with one line each and exit code 1, and nothing live changes. `--out=FILE`
 * writes a lone remotes.json there instead (no composition, nothing live), as tests of a single page need.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaManifestFile } from '../shared/vite/areaManifest.js';
import { shellManifestFile } from '../shared/vite/buildManifest.js';
import { compositionProblems } from '../shared/vite/composeChecks.js';
import {
  areaDirs,
  composeRemotes,
  fetchManifest,
  manifestProblems,
  pathClashes,
} from '../shared/vite/composeRemotes.js';
import { writeComposition } from '../shared/vite/composition.js';
import {
  listCompositions,
  liveAreaUrls,
  publishComposition,
  rollBack,
  withComposeLock,
} from '../shared/vite/compositionStore.js';
import { areaPorts } from '../shared/vite/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);
const shellDir = resolve(args.get('shell-dir') || join(root, 'shell/dist'));

/** @param {string[]} lines */
function refuse(lines) {
  console.error(`compose refused, nothing live changed:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}

if (args.has('list')) {
  for (const { id, live, createdAt, areas } of listCompositions(shellDir)) {
    const versions = Object.entries(areas).map(
      ([area, { version, texts }]) => `${area} ${version}${texts ? ` texts ${texts}` : ''}`,
    );
    console.log(`${live ? '*' : ' '} ${id}  ${createdAt}  ${versions.join(', ')}`);
  }
  process.exit(0);
}

if (args.has('rollback')) {
  try {
    console.log(`live: composition ${withComposeLock(shellDir, () => rollBack(shellDir))}`);
  } catch (error) {
    refuse([error instanceof Error ? error.message : String(error)]);
  }
  process.exit(0);
}

if (args.has('publish')) {
  const area = /** @type {string} */ (args.get('publish'));
  const areaDir = /** @type {Record<string, string>} */ (areaDirs)[area];
  if (!areaDir) refuse([`--publish names no area (${Object.keys(areaDirs).join(', ')})`]);
  if (!args.get('areas-dir')) refuse(['--publish needs --areas-dir=DIR, the folder the areas are served from']);
  const dist = resolve(args.get('dist') || join(root, areaDir, 'dist'));
  const { version } = JSON.parse(readFileSync(join(dist, areaManifestFile), 'utf8'));
  // An area's build goes to a folder named by its version and is never overwritten (0120).
  const target = join(resolve(/** @type {string} */ (args.get('areas-dir'))), area, version.replace(/[^\w.-]/g, '-'));
  if (existsSync(target)) refuse([`${target} exists: a published build is never overwritten`]);
  cpSync(dist, target, { recursive: true });
  console.log(target);
  process.exit(0);
}

// An area not named keeps the place it has in the live composition (only the named ones change).
const live = args.has('out') || args.has('from-dist') ? {} : liveAreaUrls(shellDir);
const urls = Object.fromEntries(
  Object.keys(areaDirs).map((area) => {
    const url =
      args.get(area) ||
      process.env[`SHOP_AREA_URL_${area.toUpperCase()}`] ||
      live[area] ||
      `http://localhost:${areaPorts[area]}/`;
    return [area, url.endsWith('/') ? url : `${url}/`];
  }),
);
const fromDist = args.has('from-dist');
/** A file of an area's build: from its dist folder, or from where it is deployed. @type {(area: string, file: string) => Promise<any>} */
const readFile = fromDist
  ? async (area, file) => JSON.parse(readFileSync(join(root, areaDirs[area], 'dist', file), 'utf8'))
  : async (area, file) =>
      file === areaManifestFile ? fetchManifest(urls[area]) : fetchJson(new URL(file, urls[area]));
const timeoutMs = Number(args.get('timeout-ms') || process.env.SHOP_REMOTE_TIMEOUT_MS || 8000);

/** @param {URL} url */
async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

// Every manifest is read and checked before anything is written: one line per problem, all at once.
const problems = [];
const manifests = {};
for (const area of Object.keys(areaDirs)) {
  try {
    manifests[area] = await readFile(area, areaManifestFile);
    problems.push(...manifestProblems(area, manifests[area]));
  } catch (error) {
    const where = fromDist ? join(areaDirs[area], 'dist') : urls[area];
    problems.push(`${area}: no manifest at ${where} (${error instanceof Error ? error.message : String(error)})`);
  }
}
const shellManifest = join(args.has('out') ? join(root, 'shell/dist') : shellDir, shellManifestFile);
if (!existsSync(shellManifest)) refuse([...problems, `shell: no ${shellManifest} (build the shell first)`]);
const { provides } = JSON.parse(readFileSync(shellManifest, 'utf8'));
// Only the manifests read: one that could not be read has its line already.
problems.push(...compositionProblems(provides, Object.fromEntries(Object.entries(manifests).filter(([, m]) => m))));
if (problems.length === 0) problems.push(...pathClashes(manifests));
/** @type {Record<string, { version: string, texts: Record<string, unknown> }>} */
const texts = {};
for (const [area, manifest] of Object.entries(manifests)) {
  if (!manifest?.texts) continue;
  try {
    texts[area] = await readFile(area, manifest.texts.file);
    if (texts[area].version !== manifest.texts.version)
      problems.push(`${area}: ${manifest.texts.file} holds other texts`);
  } catch (error) {
    problems.push(`${area}: texts unreadable (${error instanceof Error ? error.message : String(error)})`);
  }
}
if (problems.length > 0) refuse(problems);

const composed = await composeRemotes({ urls, read: async (area) => manifests[area], timeoutMs });
const summary = Object.entries(composed.areas)
  .map(([area, { version, paths }]) => `${area} ${version} (${paths.length} paths)`)
  .join(', ');
if (args.has('out')) {
  const out = resolve(/** @type {string} */ (args.get('out')));
  const page = writeComposition(out, composed);
  console.log(`composed ${page ? `${out} and ${page}` : out}:`, summary);
} else {
  const keep = Number(args.get('keep') || 10);
  let id = '';
  try {
    id = withComposeLock(shellDir, () => publishComposition(shellDir, { composed, texts, now: new Date(), keep }));
  } catch (error) {
    refuse([error instanceof Error ? error.message : String(error)]);
  }
  console.log(`live: composition ${id} in ${shellDir}:`, summary);
}
