/**
 * Node-side settings shared by the static servers of every area (shared/vite) and the API: which origins
 * may frame the shop or call it, and the hardening headers every response carries. Plain JavaScript (typed
 * by index.d.ts) because Vite loads its config without a TypeScript loader.
 */

import { parseHstsIncludeSubDomains, strictTransportSecurity } from './csp.js';

export * from './csp.js';

/** The shop's own origin (where the shell is served); SHOP_URL, as for the links in mails. */
export const defaultShopUrl = 'http://localhost:5173';

/**
 * A comma-separated list of origins (`https://partner.example,https://www.partner.example`), each normalised
 * to its origin. Anything that is not an http(s) URL is a configuration error, reported at start rather than
 * silently ignored.
 * @param {string | undefined} value
 * @param {string} name the variable, for the error message
 * @returns {string[]}
 */
export function parseOrigins(value, name) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`${name}: "${entry}" is not a URL (expected e.g. https://partner.example)`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name}: "${entry}" must be http(s)`);
    return url.origin;
  });
}

/**
 * The origins of the deployment from the environment: SHOP_URL (default http://localhost:5173) and
 * PARTNER_ORIGINS (none by default), and HSTS_INCLUDE_SUBDOMAINS (true by default) for its HSTS header.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ shopOrigin: string, partnerOrigins: string[], hstsIncludeSubDomains: boolean }}
 */
export function originsFromEnv(env = process.env) {
  const [shopOrigin] = parseOrigins(env.SHOP_URL?.trim() || defaultShopUrl, 'SHOP_URL');
  return {
    shopOrigin: shopOrigin ?? defaultShopUrl,
    partnerOrigins: parseOrigins(env.PARTNER_ORIGINS, 'PARTNER_ORIGINS'),
    hstsIncludeSubDomains: parseHstsIncludeSubDomains(env.HSTS_INCLUDE_SUBDOMAINS),
  };
}

/**
 * Hardening headers of every response (docs/architecture.md#platform, docs/deploy.md):
 * - `Content-Security-Policy`: `frame-ancestors` lets only the server itself, the shop and the configured
 *   partner sites frame a page (clickjacking; it replaces X-Frame-Options, which cannot name several origins);
 *   `base-uri` and `object-src` close two injection paths at no cost. `scriptSources` adds a `script-src` (the
 *   API: `'none'`, its pages run no script). The static servers send each built page's own script policy on
 *   top (csp.js, shared/vite/pagePolicy.js): it names the remotes of the composition and the page's inline scripts.
 * - `Strict-Transport-Security` (a year; with subdomains unless `hstsIncludeSubDomains` is false) when the shop
 *   is served over https, as production must be: the browser then never tries plain http again.
 * - `X-Content-Type-Options: nosniff`: a file is only ever used as the type it is served as.
 * - `Referrer-Policy: same-origin`: addresses (which may carry a reset token or an e-mail address) never
 *   leave the site in a Referer header; inside the site the full path is kept.
 * @param {{ shopOrigin: string, partnerOrigins: readonly string[], hstsIncludeSubDomains?: boolean, scriptSources?: readonly string[] }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ shopOrigin, partnerOrigins, hstsIncludeSubDomains = true, scriptSources }) {
  const ancestors = [...new Set(["'self'", shopOrigin, ...partnerOrigins])].join(' ');
  const scripts = scriptSources ? `; script-src ${scriptSources.join(' ')}` : '';
  return {
    'Content-Security-Policy': `frame-ancestors ${ancestors}; base-uri 'self'; object-src 'none'${scripts}`,
    ...(shopOrigin.startsWith('https:')
      ? { 'Strict-Transport-Security': strictTransportSecurity({ includeSubDomains: hstsIncludeSubDomains }) }
      : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
}

/**
 * Whether a socket address is this machine's loopback: 127.0.0.0/8 or ::1, also as IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`). The API's dev outbox answers only such clients, and the static servers' `/api` proxy
 * tells the API who any other client is (forwardedFor).
 * @param {string | undefined} address
 * @returns {boolean}
 */
export function isLoopbackAddress(address) {
  if (!address) return false;
  const ip = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return ip === '::1' || /^127(\.\d{1,3}){3}$/.test(ip);
}

/**
 * The X-Forwarded-For the static servers' `/api` proxy sends for a client, or null to send none: a client on
 * this machine is passed on as it came (so the dev outbox keeps answering the developer's own browser and the
 * journeys), anyone else is named, so that a static server reachable from outside never makes a stranger look
 * like this machine to the API. A header the client sent itself is kept in front.
 * @param {string | undefined} clientAddress
 * @param {string | string[] | undefined} sentByClient
 * @returns {string | null}
 */
export function forwardedFor(clientAddress, sentByClient) {
  if (isLoopbackAddress(clientAddress)) return null;
  const previous = [sentByClient ?? []].flat().join(', ');
  const client = clientAddress ?? 'unknown';
  return previous ? `${previous}, ${client}` : client;
}
