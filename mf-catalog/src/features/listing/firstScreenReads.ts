/**
 * The API reads each listing's first screen makes at its bare address (no query), as paths under the API base, for
 * the area's manifest: the composed shell's page starts them with itself, before any of the area's code has
 * arrived, and `call()` takes their answers (docs/performance.md#the-first-screens-path).
 * `{monthsFromToday:3}` is the end of the course search's default range, filled in the page.
 *
 * Plain data without imports, since the area's Vite config reads it. firstScreenReads.test.ts runs the screens' own
 * loads (firstScreenLoads.ts) against these reads, so the two cannot drift apart: a read nobody takes would only
 * cost a request, a missing one the head start.
 */
export const firstScreenReads: Record<string, readonly string[]> = {
  '/courses': ['/course/tags', '/course/search?type=1&courseStartUntil={monthsFromToday:3}&page=1&limit=100'],
  '/products-iframe': [
    '/course/tags',
    '/course/search?courseStartUntil={monthsFromToday:3}&type=1&page=1&limit=100',
    '/course/search?courseStartUntil={monthsFromToday:3}&type=3&page=1&limit=100',
    '/course/flexible-learning',
    '/product/search?page=1&limit=100',
  ],
  '/products': ['/product/search?page=1&limit=100'],
  '/modular-course': ['/course/flexible-learning'],
};
