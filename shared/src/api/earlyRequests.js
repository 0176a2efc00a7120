/**
 * API reads the shell's page starts from its inline script, before any of its code has arrived
 * (docs/decisions/0045-early-reads-and-lighter-start.md). The shell's boot asks for the shop mode and the texts of the page's
 * language as soon as its code runs; that code takes hundreds of milliseconds to arrive and evaluate on a phone,
 * and only then did those requests start. Now they start with the page, and `call()` (client.ts) takes the answer
 * of a request started here instead of asking again: once, for a GET without a token.
 */

/** Where the inline script leaves its requests: a map from each request's URL to its response. */
export const earlyResponsesKey = '__shopEarlyResponses';

/**
 * Where the shell page's other inline script (shared/vite/bootPreload.js) leaves its remotes.json response, which
 * the shell's boot takes for its first read of the remotes (shell/src/boot/earlyRemotes.ts).
 */
export const earlyRemotesKey = '__shopRemotesResponse';

/**
 * Runs in the page, inlined into the shell's HTML (shared/vite/bootPreload.js): self-contained on purpose (no
 * imports, no outer names). `{language}` in a path stands for the language the page will show, chosen by the same
 * rule and from the same candidates as i18n (`pickLanguage`, the text of pickLanguage.js). A guess that differs
 * from i18n's only costs a request nobody takes. A failed request is left for `call()` to report.
 * @param {string} apiBase
 * @param {readonly string[]} paths
 * @param {string} key
 * @param {string} storageKey localStorage key of the chosen language
 * @param {(candidates: unknown[]) => string} pickLanguage
 */
export function startEarlyRequests(apiBase, paths, key, storageKey, pickLanguage) {
  let stored = null;
  try {
    stored = window.localStorage.getItem(storageKey);
  } catch {
    // Storage blocked (privacy settings): the browser's languages decide, as for i18n.
  }
  const language = pickLanguage([
    stored,
    ...(navigator.languages ?? [navigator.language]),
    document.documentElement.lang,
  ]);
  const responses = {};
  for (const path of paths) {
    const url = apiBase + path.replace('{language}', language);
    const response = fetch(url, { headers: { Accept: 'application/json' } });
    // Handled where it is taken; one nobody takes must not report an unhandled rejection.
    response.catch(() => undefined);
    responses[url] = response;
  }
  window[key] = responses;
}
