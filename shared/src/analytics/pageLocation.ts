/**
 * Where the visitor is, as a third party may be told: never who they are, nor a link's secret. The confirmation and
 * the payment return carry the buyer's address in their path (`/checkout-complete/{orderId}/{email}`), and the pages
 * a mail's link opens carry a token and the address in their query (`/password-new?token=…&email=…`). Told to a
 * framing partner (heightReporter.ts) and to the tag manager (the shell's page views).
 */

/** Query parameters a page view may keep: what a listing or frame shows, nothing personal or secret. */
const viewableParameters = new Set([
  'courseType',
  'preSelectedTags',
  'productId',
  'flexLearningId',
  'hideHeader',
  'hideFooter',
  'hideFilter',
]);

/** The path with every segment that is an e-mail address read as `:email`. */
export function redactedPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is judged as written.
      }
      return decoded.includes('@') ? ':email' : segment;
    })
    .join('/');
}

/** Path and query for a page view: the path redacted, the query left with the viewable parameters only. */
export function redactedPagePath({ pathname, search }: Pick<Location, 'pathname' | 'search'>): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (viewableParameters.has(name)) kept.append(name, value);
  const query = kept.toString();
  return `${redactedPath(pathname)}${query ? `?${query}` : ''}`;
}
