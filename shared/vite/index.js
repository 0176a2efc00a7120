/**
 * Vite + Module Federation settings every area builds with, in one place so that the singleton list, ports
 * and proxies cannot drift apart between the shell and the four remotes. Node-only (used by vite.config.ts).
 * Plain JavaScript (typed by index.d.ts) because Node loads it directly from the config, without a TS loader.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { forwardedFor, originsFromEnv, securityHeaders } from '../server/index.js';
import { areaManifestPlugin, sharedRangeOf } from './areaManifest.js';
import { bootPreloadPlugin } from './bootPreload.js';
import { shellManifestPlugin } from './buildManifest.js';
import { composedRemotesDevPlugin } from './composeRemotes.js';
import { earlyApiReadsPlugin } from './earlyApiReads.js';
import { federationRuntimeOptions, runtimeVersionOnly, standaloneRuntimeProvider } from './federationRuntime.js';
import { fontPreloadPlugin } from './fontPreload.js';
import { areaPageOrigins, shellPageOrigins } from './pagePolicy.js';
import { partnerPageMiddleware } from './partnerPage.js';
import { productionStaticFiles } from './staticFiles.js';
import { throughShared } from './throughShared.js';
import { usedShareNamesOnly } from './usedShareNamesOnly.js';

/** Default ports of docs/architecture.md#ports; the shell is the one to open. */
const defaultAreaPorts = {
  shell: 5173,
  catalog: 5174,
  cartCheckout: 5175,
  account: 5176,
  levelTest: 5177,
};

/**
 * Each area's port: `PORT_<AREA>` (PORT_SHELL, PORT_CATALOG, PORT_CARTCHECKOUT, …) or its default. Read once here, so
 * an area's server, the shell's dev composition and `npm run compose`'s local URLs follow the same setting and two
 * copies of the shop can run side by side (docs/configuration.md).
 * @returns {typeof defaultAreaPorts}
 */
function areaPortsFromEnv() {
  return /** @type {typeof defaultAreaPorts} */ (
    Object.fromEntries(
      Object.entries(defaultAreaPorts).map(([area, port]) => {
        const value = process.env[`PORT_${area.toUpperCase()}`]?.trim();
        if (!value) return [area, port];
        const parsed = Number(value);
        if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535)
          throw new Error(`PORT_${area.toUpperCase()} must be an integer between 1 and 65535, got "${value}"`);
        return [area, parsed];
      }),
    )
  );
}

/** The ports of this run (PORT_<AREA> or the defaults). */
export const areaPorts = areaPortsFromEnv();

/** Where the shop API listens; every area proxies `/api` to it, so browser code uses relative URLs. */
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * One instance of each in the composed page. Browser code imports `@shop/shared` from its root only, since
 * sub-path shares are unreliable in @module-federation/vite. zustand is not on the list: only @shop/shared
 * imports it, so it lives inside that one shared instance (one store) and is never a share of its own
 * (docs/decisions/0013-share-strategy.md). Nor are react-router-dom, i18next and react-i18next: areas get them
 * from the @shop/shared instance, tree-shaken to the names they use (throughShared,
 * docs/decisions/0038-router-inside-shared.md, docs/performance.md#what-every-page-loads).
 */
export const sharedSingletons = Object.fromEntries(
  ['react', 'react-dom', '@shop/shared'].map((name) => [name, { singleton: true }]),
);

/**
 * `@shop/shared` carries the range this build needs, so the federation runtime knows it too; the shell's own
 * check before loading a remote is what refuses a clash (docs/decisions/0032-version-skew.md).
 * @param {typeof sharedSingletons} shares
 * @param {string | undefined} range
 */
const withSharedRange = (shares, range) =>
  range ? { ...shares, '@shop/shared': { ...shares['@shop/shared'], requiredVersion: range } } : shares;

/**
 * Every response of the static servers carries the hardening headers (shared/server): only the shop and the
 * PARTNER_ORIGINS may frame a page. CORS stays open (`*`) on purpose: the remotes' files are public code that
 * anybody can download anyway, so limiting CORS would protect nothing, while the shell, the partner script
 * embed and standalone pages on other origins need them; who may *use the API* is decided by the API's CORS.
 * @param {number} port
 */
const serverOptions = (port) => ({
  port,
  strictPort: true,
  host: process.env.HOST ?? 'localhost',
  cors: true,
  headers: securityHeaders(originsFromEnv()),
  proxy: {
    '/api': { target: apiTarget, changeOrigin: false, configure: (proxy) => proxy.on('proxyReq', nameTheClient) },
  },
});

/**
 * A client that is not this machine is named to the API (X-Forwarded-For), so that a static server reachable
 * from outside (HOST=0.0.0.0) never lends it this machine's loopback address: the dev outbox answers only local
 * requests without a proxy header (docs/decisions/0003-production-mode.md).
 * @param {import('node:http').ClientRequest} proxyReq
 * @param {import('node:http').IncomingMessage} req
 */
function nameTheClient(proxyReq, req) {
  const value = forwardedFor(req.socket.remoteAddress, req.headers['x-forwarded-for']);
  if (value !== null) proxyReq.setHeader('x-forwarded-for', value);
}

/**
 * One chunk for the area's own modules that two or more of its chunks share (pages, the exposed routes and embed),
 * instead of one small chunk per combination of pages that share them. On `/courses` the catalog asked for eleven
 * chunks of its own, most under 2 KB, and each is a round trip on a slow phone and a queued request on an HTTP/1.1
 * connection (docs/performance.md#what-every-page-loads). Only for areas whose pages share much (`commonChunk`): in an
 * area whose pages share little it only split the routes chunk in two, one request more. A page's own modules
 * stay in the page's chunk. The exposed modules stay entries of their own: a routes module awaits its first page's
 * chunk at the top level, and inside a chunk that page imports, that await would never end.
 * @param {Record<string, string> | undefined} exposes
 */
function areaCommonChunk(exposes) {
  const source = `${path.resolve('src')}${path.sep}`;
  const entries = new Set(Object.values(exposes ?? {}).map((file) => path.resolve(file)));
  return {
    name: 'area-common',
    test: (/** @type {string} */ id) => id.startsWith(source) && !entries.has(id),
    minShareCount: 2,
  };
}

/**
 * The federation runtime's snapshot support serves manifest remotes (mf-manifest.json) and their preload hints. The
 * shop names every remote by its remoteEntry.js (remotes.json) and preloads from its own area manifests, so a built
 * runtime goes without it (the `disableSnapshot` of @module-federation/vite's README, which also drops dev tooling,
 * so builds only): about 1.5 KB gzip less on every page (docs/performance.md#what-every-page-loads).
 * @type {import('vite').Plugin}
 */
const withoutRuntimeSnapshots = {
  name: 'shop-runtime-without-snapshots',
  apply: 'build',
  config: () => ({ define: { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true' } }),
};

/** @param {import('./index.d.ts').AreaOptions} options */
export function areaViteConfig({ name, exposes, commonChunk = false, firstScreenReads, extra }) {
  const port = areaPorts[name];
  const isRemote = exposes !== undefined;
  return defineConfig({
    // Remotes use relative asset URLs (resolved against remoteEntry.js), so a build can be served from any
    // origin without rebuilding; the shell serves its SPA from the root.
    base: isRemote ? './' : '/',
    plugins: [
      react(),
      throughShared(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // The shell registers remotes at runtime from remotes.json; nothing is baked in.
        remotes: {},
        shared: withSharedRange(sharedSingletons, sharedRangeOf(process.cwd())),
        // A hanging remote must not block the page (docs/architecture.md#measured-facts): use what is loaded first.
        shareStrategy: 'loaded-first',
        dts: false,
        dev: { remoteHmr: true },
        // The runtime ships once: the shell provides it, remotes use it (or their standalone page's own).
        ...federationRuntimeOptions(isRemote),
      }),
      ...(isRemote ? [standaloneRuntimeProvider()] : []),
      // The share wrappers keep only the names the area imports.
      usedShareNamesOnly(),
      ...(isRemote
        ? [areaManifestPlugin(name, exposes['./routes'], firstScreenReads)]
        : [composedRemotesDevPlugin(areaPorts)]),
      // The shell's production server answers a partner's /products-iframe with the lightweight page.
      ...(name === 'shell'
        ? [
            {
              name: 'shop-partner-page',
              configurePreviewServer: (server) => void server.middlewares.use(partnerPageMiddleware),
            },
            bootPreloadPlugin(),
            earlyApiReadsPlugin(),
            shellManifestPlugin(),
          ]
        : []),
      fontPreloadPlugin(),
      withoutRuntimeSnapshots,
      runtimeVersionOnly(),
      // Each page carries its script policy; compose adds the remotes' origins to the shell's pages.
      ...productionStaticFiles({ pageOrigins: isRemote ? areaPageOrigins : (page) => shellPageOrigins(page) }),
    ],
    server: { ...serverOptions(port), origin: `http://localhost:${port}` },
    preview: serverOptions(port),
    build: {
      target: 'es2022',
      sourcemap: false,
      // Kept below the federation plugin's own groups, which it adds in front (its shares stay isolated).
      ...(commonChunk
        ? { rolldownOptions: { output: { codeSplitting: { groups: [areaCommonChunk(exposes)] } } } }
        : {}),
    },
    ...extra,
  });
}

/**
 * Vitest settings of a browser workspace (shared, shell, remotes): happy-dom, tests next to the code.
 * Kept apart from areaViteConfig so unit tests never start Module Federation.
 * @param {string} name
 */
export function areaTestConfig(name) {
  return defineConfig({
    plugins: [react()],
    test: {
      name,
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.{ts,js}', 'server/**/*.test.{ts,js}'],
      restoreMocks: true,
      // Screen tests type into whole forms; a few take 1–2 s alone and several times that while the API suite and
      // the e2e journeys share the 2 cores in `npm test`. The limit is for hangs, not a speed check.
      testTimeout: 20_000,
      setupFiles: [fileURLToPath(new URL('./test-setup.js', import.meta.url))],
    },
  });
}
