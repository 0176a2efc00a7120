/**
 * What one fresh visit of a route downloads, measured in the browser: every JavaScript response (raw bytes,
 * and gzip level 9 of its body, the same for every server whatever it sends on the wire), the number of
 * requests, and the serial hops before the route's first meaningful element.
 *
 * Serial hops: a request's depth is 1 + the largest depth among requests that had finished before it started
 * (the document is depth 1); the figure is the largest depth among requests started before the element
 * appeared — the number of round trips in a row the visitor waits through.
 */
import { gzipSync } from 'node:zlib';

/** The element that makes each route useful, in both builds. */
export const meaningful = {
  '/': 'main h1',
  '/courses': 'main article',
  '/products-iframe': 'main article',
  '/cart': 'main h1',
  '/checkout': 'main h1',
  '/level-test': 'main h1',
  '/account-data': 'main h1',
};
export const routes = Object.keys(meaningful);

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string} path
 * @param {{ selector?: string }} [options]
 */
export async function measureRoute(
  browser,
  origin,
  path,
  { selector = meaningful[path.split('?')[0]] ?? 'main h1' } = {},
) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  /** @type {Map<import('@playwright/test').Request, { start: number, end?: number }>} */
  const timings = new Map();
  const scripts = [];
  const pending = [];
  page.on('request', (request) => timings.set(request, { start: performance.now() }));
  const finish = (request) => {
    const timing = timings.get(request);
    if (timing) timing.end = performance.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) =>
          scripts.push({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        )
        .catch(() => undefined),
    );
  });
  await page.goto(`${origin}${path}`);
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  const shownAt = performance.now();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  const entries = [...timings.values()].sort((a, b) => a.start - b.start);
  const depths = new Map();
  for (const entry of entries) {
    let depth = 1;
    for (const [other, otherDepth] of depths)
      if (other.end !== undefined && other.end <= entry.start) depth = Math.max(depth, otherDepth + 1);
    depths.set(entry, depth);
  }
  const hops = Math.max(0, ...[...depths].filter(([entry]) => entry.start <= shownAt).map(([, depth]) => depth));
  await context.close();
  return {
    requests: timings.size,
    scripts: scripts.sort((a, b) => b.gzip - a.gzip),
    jsRequests: scripts.length,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    hops,
  };
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
