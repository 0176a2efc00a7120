/**
 * The shell's page starts the API reads its boot makes before the first paint from an inline script, with the
 * page itself instead of after its code (docs/performance.md#the-first-screens-path). `call()` takes their answers
 * (shared/src/api/earlyRequests.js). Node-only: the shell's Vite config, and the one-app bench fixture so that
 * both builds are compared alike.
 */
import { earlyResponsesKey, fillReadDates, startEarlyRequests, startPageReads } from '../src/api/earlyRequests.js';
import { defaultLanguage, languages } from '../src/contract/languages.js';
import { languageStorageKey, pickOfferedLanguage } from '../src/i18n/pickLanguage.js';

/**
 * What shell/src/main.tsx asks for on every page before its first paint: the shop mode, and the server's texts of
 * the page's language (all namespaces). earlyApiReads.test.ts checks that those calls take each of them.
 */
export const shellEarlyApiPaths = ['/shop/mode', '/translation/{language}'];

/** The inline script that starts `shellEarlyApiPaths`, with the language rule's own text. */
export const earlyApiReadsScript = (apiBase = '/api') =>
  `(${startEarlyRequests.toString()})(${JSON.stringify(apiBase)}, ${JSON.stringify(shellEarlyApiPaths)}, ${JSON.stringify(earlyResponsesKey)}, ${JSON.stringify(languageStorageKey)}, (candidates) => (${pickOfferedLanguage.toString()})(candidates, ${JSON.stringify(languages)}, ${JSON.stringify(defaultLanguage)}));`;

/**
 * For a build that knows its pages' first-screen reads itself (the one-app bench fixture): an inline script that
 * starts those of the page's address (at its bare address only), as the composed shell's page does from the areas'
 * manifests (shared/vite/bootPreload.js; docs/performance.md#the-first-screens-path).
 * @param {Record<string, readonly string[]>} readsByPath
 * @param {string} [apiBase]
 */
const firstScreenReadsScript = (readsByPath, apiBase = '/api') =>
  `(${startPageReads.toString()})(${JSON.stringify(apiBase)}, (${JSON.stringify(readsByPath)})[window.location.pathname], ${JSON.stringify(earlyResponsesKey)}, ${fillReadDates.toString()});`;

/**
 * Puts the script into the built page's head (after its charset, which must come within its first 1024 bytes), so the reads leave with the first requests of the page's code.
 * Not in dev: a dev page's code arrives from this machine at once.
 * @param {{ firstScreenReads?: Record<string, readonly string[]> }} [options] pages' first-screen reads the build
 *   knows itself (firstScreenReadsScript); the shell's page takes them from the areas' manifests instead
 * @returns {import('vite').Plugin}
 */
export function earlyApiReadsPlugin({ firstScreenReads } = {}) {
  return {
    name: 'shop-early-api-reads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'script', children: earlyApiReadsScript(), injectTo: 'head' },
        ...(firstScreenReads
          ? [
              {
                tag: 'script',
                children: firstScreenReadsScript(firstScreenReads),
                injectTo: /** @type {const} */ ('head'),
              },
            ]
          : []),
      ],
    },
  };
}
