/**
 * The shell's page asks for everything its first screen needs at once (docs/performance.md#the-first-screens-path):
 * its built HTML preloads the shares the shell provides, and an inline script reads the composition (written into
 * the page by `npm run compose`, composition.js; else fetched from remotes.json) and preloads the remote entry and
 * chunks of the area that owns the address, as listed by that area's manifest, and starts the API reads the
 * manifest lists for the address's first screen. Without it each of those files is found only once the one before
 * has run: a chain of round trips. Node-only (the shell's Vite config); `preloadArea` itself runs in the page.
 */
import sharedPackage from '../package.json' with { type: 'json' };
import {
  composedResponse,
  earlyRemotesKey,
  earlyResponsesKey,
  fillReadDates,
  startPageReads,
} from '../src/api/earlyRequests.js';
import { satisfies } from '../src/version/satisfies.js';
import { compositionElementId, compositionPlaceholder } from './composition.js';
import { shellBootPreloads } from './preloads.js';

/**
 * Runs in the page before the shell's code, inlined into its HTML: self-contained on purpose (no imports, no
 * outer names). Only an address listed literally by an area is preloaded; anything else (a path with
 * parameters, a missing or broken file) leaves the page to load as it would without this script.
 * An area built against a `@shop/shared` the shell's copy does not satisfy is not preloaded: the shell refuses it
 * before loading its entry (docs/decisions/0032-version-skew.md), and none of its files may reach the page. The
 * script decides with the shell's own rule: `satisfies` of `@shop/shared`, whose text is inlined beside it.
 * @param {string} manifestUrl
 * @param {() => Promise<Response> | undefined} readComposed `composedResponse` of the page's composition element:
 *   when compose has filled it, read instead of fetching `manifestUrl`, which saves the round trip every file of
 *   the area would wait for (docs/performance.md#the-first-screens-path)
 * @param {string} key the global under which the response stays for the shell
 * @param {string} sharedVersion the version of the shell's own `@shop/shared`
 * @param {(version: string, range: string) => boolean} meetsRange `satisfies`
 * @param {(paths: readonly string[] | undefined) => void} startReads `startPageReads`: starts the API reads an area
 *   lists for the address's first screen (`reads`; docs/performance.md#the-first-screens-path)
 */
export function preloadArea(manifestUrl, readComposed, key, sharedVersion, meetsRange, startReads) {
  const response = readComposed() ?? fetch(manifestUrl, { cache: 'no-store' });
  window[key] = response;
  response
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((manifest) => {
      const path = window.location.pathname;
      for (const [area, info] of Object.entries(manifest?.areas ?? {})) {
        const entry = manifest.remotes?.[area];
        if (typeof entry !== 'string' || !Array.isArray(info?.paths) || !info.paths.includes(path)) continue;
        if (!meetsRange(sharedVersion, info.shared)) continue;
        startReads(info.reads?.[path]);
        const files = [...(info.preload?.base ?? []), ...(info.preload?.pages?.[path] ?? [])];
        for (const href of [entry, ...files.map((file) => new URL(file, entry).href)]) {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = 'anonymous';
          link.href = href;
          document.head.append(link);
        }
      }
    })
    .catch(() => undefined);
}

/**
 * The inline script's text: `preloadArea` with the rules it runs by (`composedResponse`, `satisfies`,
 * `startPageReads`), all inlined.
 * @param {string} base the shell's base URL
 * @param {string} apiBase where the page's API calls go (`call()`'s default)
 */
export const preloadAreaScript = (base = '/', apiBase = '/api') =>
  `(${preloadArea.toString()})(${JSON.stringify(`${base}remotes.json`)}, () => (${composedResponse.toString()})(${JSON.stringify(compositionElementId)}), ${JSON.stringify(earlyRemotesKey)}, ${JSON.stringify(sharedPackage.version)}, ${satisfies.toString()}, (paths) => (${startPageReads.toString()})(${JSON.stringify(apiBase)}, paths, ${JSON.stringify(earlyResponsesKey)}, ${fillReadDates.toString()}));`;

/**
 * @param {string} base the shell's base URL
 * @param {string} apiBase where the page's API calls go
 * @returns {import('vite').Plugin}
 */
export function bootPreloadPlugin(base = '/', apiBase = '/api') {
  return {
    name: 'shop-boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const listed = [...html.matchAll(/(?:href|src)="([^"]+\.js)"/g)].map(([, url = '']) =>
          url.startsWith(base) ? url.slice(base.length) : url,
        );
        const files = shellBootPreloads(/** @type {import('./preloads.js').Bundle} */ (context.bundle), listed);
        return [
          // Empty until `npm run compose` writes the composition into it.
          { ...compositionPlaceholder, children: '', injectTo: /** @type {const} */ ('head') },
          {
            tag: 'script',
            children: preloadAreaScript(base, apiBase),
            injectTo: 'head',
          },
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: /** @type {const} */ ('head'),
          })),
        ];
      },
    },
  };
}
