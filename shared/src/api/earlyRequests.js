/**
 * API reads the shell's page starts from its inline script, before any of its code has arrived
 * (docs/performance.md#the-first-screens-path). The shell's boot asks for the shop mode and the texts of the page's
 * language as soon as its code runs; that code takes hundreds of milliseconds to arrive and evaluate on a phone,
 * and only then did those requests start. Now they start with the page, and `call()` (client.ts) takes the answer
 * of a request started here instead of asking again: once, for a GET without a token.
 */

/** Where the inline script leaves its requests: a map from each request's URL to its response. */
export const earlyResponsesKey = '__shopEarlyResponses';

/**
 * Where the shell page's other inline script (shared/vite/bootPreload.js) leaves the composition as a response (the
 * one the page carries, else remotes.json's), which the shell's boot takes for its first read of the remotes
 * (shell/src/boot/earlyRemotes.ts).
 */
export const earlyRemotesKey = '__shopRemotesResponse';

/**
 * Runs in the page, inlined: the composition `npm run compose` wrote into the page's element `elementId`, as the
 * response a fetch of remotes.json would give; undefined while the element is empty or missing (the dev server, a
 * build never composed). Self-contained on purpose (docs/performance.md#the-first-screens-path).
 * @param {string} elementId
 * @returns {Promise<Response> | undefined}
 */
export function composedResponse(elementId) {
  const composed = document.getElementById(elementId)?.textContent;
  return composed
    ? Promise.resolve(new Response(composed, { headers: { 'Content-Type': 'application/json' } }))
    : undefined;
}

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
  // The shell page's other inline script may already have started an area's reads here (startPageReads).
  const responses = window[key] ?? {};
  for (const path of paths) {
    const url = apiBase + path.replace('{language}', language);
    const response = fetch(url, { headers: { Accept: 'application/json' } });
    // Handled where it is taken; one nobody takes must not report an unhandled rejection.
    response.catch(() => undefined);
    responses[url] = response;
  }
  window[key] = responses;
}

/**
 * The placeholder an area's early read may carry for the date its first screen computes at run time (the end of
 * the course search's default range): `{monthsFromToday:3}` stands for the calendar day three months after today,
 * `yyyy-MM-dd`, as `isoDateMonthsAfter` in shared/src/format/date.ts makes it. Self-contained, since its text
 * runs inlined in the page; earlyRequests.test.ts checks it against that function.
 * @param {string} template
 * @param {Date} today
 */
export function fillReadDates(template, today) {
  return template.replace(/\{monthsFromToday:(\d+)\}/g, (_match, months) => {
    // date-fns' addMonths: the same day of the month, or the month's last day where it has fewer.
    const target = new Date(today.getFullYear(), today.getMonth() + Number(months), 1);
    const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
    target.setDate(Math.min(today.getDate(), lastDay));
    const two = (n) => String(n).padStart(2, '0');
    return `${String(target.getFullYear()).padStart(4, '0')}-${two(target.getMonth() + 1)}-${two(target.getDate())}`;
  });
}

/**
 * Runs in the page, inlined into the shell's HTML (shared/vite/bootPreload.js), once remotes.json names the area
 * of the address: starts the API reads the area's manifest lists for its first screen
 * (docs/performance.md#the-first-screens-path), beside the shell's own under `key`, where
 * `call()` takes them. Only at the page's bare address: a query (a course type, preselected tags, an id) changes
 * what the screen asks for. Self-contained on purpose (no imports, no outer names).
 * @param {string} apiBase
 * @param {readonly string[] | undefined} paths API paths with their query, `fillDates`' placeholders unfilled
 * @param {string} key
 * @param {(template: string, today: Date) => string} fillDates `fillReadDates`
 */
export function startPageReads(apiBase, paths, key, fillDates) {
  if (window.location.search !== '' || !Array.isArray(paths)) return;
  const responses = window[key] ?? (window[key] = {});
  const today = new Date();
  for (const path of paths) {
    const url = apiBase + fillDates(path, today);
    if (url in responses) continue;
    const response = fetch(url, { headers: { Accept: 'application/json' } });
    response.catch(() => undefined);
    responses[url] = response;
  }
}
