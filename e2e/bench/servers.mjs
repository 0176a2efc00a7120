/**
 * Servers of the benches, on free ports so a bench never needs the e2e lock: the API on a fresh SQLite
 * database, the composed shop (the five areas' production builds behind `vite preview`, as `npm start` serves
 * them) and the one-app fixture (bench/one-app) behind `vite preview` with the same static-file handling.
 * Optionally each origin the browser sees is an HTTP/2 TLS front (http2Front.mjs), as a production host serves.
 */
import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../api/src/test/fake-mollie/certificate.ts';
import { writeComposition } from '../../shared/vite/composition.js';
import { http2Front } from './http2Front.mjs';

export const root = new URL('../../', import.meta.url).pathname;
const vite = join(root, 'node_modules/.bin/vite');
export const areaDirs = {
  shell: 'shell',
  catalog: 'mf-catalog',
  cartCheckout: 'mf-cart-checkout',
  account: 'mf-account',
  levelTest: 'mf-level-test',
};

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet: try again
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The areas the shell loads as remotes. */
const remoteAreas = Object.keys(areaDirs).filter((area) => area !== 'shell');

/** Where an area is served under the shop's own origin (`oneOrigin`). @param {string} area */
const areaPrefix = (area) => `/areas/${area}/`;

const children = [];
const fronts = [];
function start(command, args, cwd, env = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  children.push(child);
  return child;
}
export function stopAll() {
  for (const front of fronts.splice(0)) front.close();
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

/**
 * Starts the API and both builds. Returns the shell's origin (serving a copy of its build whose remotes.json
 * names the remotes' free ports), the one-app's origin and the partner site's port. With `http2`, those origins
 * are https ones served over HTTP/2, remotes.json names the remotes' such origins, and the browser must accept
 * the bench's self-signed certificate (`--ignore-certificate-errors`).
 * With `oneOrigin` (HTTP/2 only) the areas are served under the shop's origin instead, at `/areas/<area>/` of the
 * shell's front, and remotes.json names them there.
 * @param {{ http2?: boolean, oneOrigin?: boolean }} [options]
 */
export async function startShops({ http2 = false, oneOrigin = false } = {}) {
  if (oneOrigin && !http2) throw new Error("oneOrigin needs http2: the areas are served by the shell's HTTP/2 front");
  const apiPort = await freePort();
  const partnerPort = await freePort();
  const partnerOrigin = `http://localhost:${partnerPort}`;
  const database = join(mkdtempSync(join(tmpdir(), 'shop-bench-')), 'shop.sqlite');
  start(join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], join(root, 'api'), {
    PORT: String(apiPort),
    DATABASE_FILE: database,
    PARTNER_ORIGINS: partnerOrigin,
  });
  const ports = {};
  for (const area of Object.keys(areaDirs)) ports[area] = await freePort();
  // The ports the browser uses: the preview servers', or their HTTP/2 fronts'.
  const publicPorts = { ...ports };
  if (http2) for (const area of [...Object.keys(areaDirs), 'oneApp']) publicPorts[area] = await freePort();
  const scheme = http2 ? 'https' : 'http';
  const apiEnv = { API_PORT: String(apiPort) };
  // The composed remotes.json of the build, pointed at the remotes' free ports (what a deploy's compose does).
  const composedJson = JSON.parse(readFileSync(join(root, 'shell/dist/remotes.json'), 'utf8'));
  const composition = {
    ...composedJson,
    remotes: Object.fromEntries(
      remoteAreas.map((area) => [
        area,
        oneOrigin
          ? `${scheme}://localhost:${publicPorts.shell}${areaPrefix(area)}remoteEntry.js`
          : `${scheme}://localhost:${publicPorts[area]}/remoteEntry.js`,
      ]),
    ),
  };
  // The shell's build as deployed with that composition, in remotes.json and its page (what a deploy's compose does).
  const shellDist = mkdtempSync(join(tmpdir(), 'shop-bench-shell-'));
  cpSync(join(root, 'shell/dist'), shellDist, { recursive: true });
  writeComposition(join(shellDist, 'remotes.json'), composition);
  for (const [area, dir] of Object.entries(areaDirs)) {
    const outDir = area === 'shell' ? ['--outDir', shellDist] : [];
    start(vite, ['preview', '--port', String(ports[area]), '--strictPort', ...outDir], join(root, dir), apiEnv);
  }
  const oneAppPort = await freePort();
  start(vite, ['preview', '--port', String(oneAppPort), '--strictPort'], join(root, 'e2e/bench/one-app'), {
    API_URL: `http://127.0.0.1:${apiPort}`,
  });
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
  await Promise.all([
    waitFor(`http://localhost:${ports.shell}/api/health`),
    waitFor(`http://localhost:${oneAppPort}/api/health`),
    ...remoteAreas.map((area) => waitFor(`http://localhost:${ports[area]}/remoteEntry.js`)),
  ]);
  if (http2) {
    const certificate = selfSignedCertificate();
    const behind = { ...ports, oneApp: oneAppPort };
    // With oneOrigin the shell's front also serves each area under its prefix.
    const prefixes = oneOrigin ? Object.fromEntries(remoteAreas.map((area) => [areaPrefix(area), ports[area]])) : {};
    for (const [area, port] of Object.entries(behind))
      fronts.push(await http2Front(publicPorts[area], port, certificate, area === 'shell' ? prefixes : {}));
  }
  return {
    composed: `${scheme}://localhost:${publicPorts.shell}`,
    oneApp: `${scheme}://localhost:${http2 ? publicPorts.oneApp : oneAppPort}`,
    partnerOrigin,
    partnerPort,
    catalog: `${scheme}://localhost:${publicPorts.catalog}`,
    api: `http://127.0.0.1:${apiPort}/api`,
  };
}

/**
 * A partner's site serving one page (the browser does not let a page it did not load from the network reach
 * loopback addresses, so the page is really served).
 * @param {number} port
 * @param {string} html
 */
export function servePartnerPage(port, html) {
  const server = createHttpServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(html);
  });
  return new Promise((resolve) => server.listen(port, 'localhost', () => resolve(server)));
}
