/**
 * Which request for /products-iframe gets the lightweight partner page (shell/public/partner/products-iframe.html,
 * docs/decisions/0014-partner-path.md) instead of the shop's full frame: a navigation into a frame
 * (`Sec-Fetch-Dest: iframe`, sent by every current browser) or an address hiding both header and footer, as
 * partners are told to use. A visitor opening /products-iframe in the shop itself keeps header and footer.
 * A host in front (nginx, CDN) must apply the same rule and `Vary: Sec-Fetch-Dest` (docs/deploy.md).
 */

export const partnerPagePath = '/products-iframe';
export const partnerPageFile = '/partner/products-iframe.html';

/**
 * @param {string} url the request URL (path and query)
 * @param {Record<string, string | string[] | undefined>} headers
 * @returns {boolean}
 */
export function wantsPartnerPage(url, headers) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  if (pathname !== partnerPagePath) return false;
  if (headers['sec-fetch-dest'] === 'iframe') return true;
  return searchParams.get('hideHeader') === 'true' && searchParams.get('hideFooter') === 'true';
}

/**
 * Connect middleware of the shell's production server: serves the partner page for such requests.
 * @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export function partnerPageMiddleware(req, res, next) {
  if (
    req.url &&
    (req.method === 'GET' || req.method === 'HEAD') &&
    new URL(req.url, 'http://x').pathname === partnerPagePath
  ) {
    res.setHeader('Vary', 'Sec-Fetch-Dest');
    if (wantsPartnerPage(req.url, req.headers)) req.url = `${partnerPageFile}${new URL(req.url, 'http://x').search}`;
  }
  next();
}
