import type { ConsentPurpose } from '@shop/shared';

/**
 * The first-party cookies Google's tags write for each purpose (docs/decisions/0076-consent-withdrawal.md):
 * Google Analytics (`_ga`, `_ga_<stream>`, `_gid`, `_gat`, `_gat_<id>`) for statistics, and the conversion linker of
 * Google Ads and Floodlight (`_gcl_au`, `_gcl_aw`, `_gcl_dc`, …, `_gac_<id>`) for marketing. A container that adds
 * tags of other vendors must add their cookies here.
 */
export const trackingCookies: Record<ConsentPurpose, RegExp> = {
  analytics: /^(?:_ga|_ga_.+|_gid|_gat|_gat_.+)$/,
  marketing: /^(?:_gcl_.+|_gac_.+)$/,
};

/**
 * The domains a cookie of this page can have been written for: the host and each domain above it (Google Analytics
 * writes to the highest one the browser allows, `example.com` for `shop.example.com`). A bare top-level domain is left
 * out; a public suffix such as `co.uk` may stay in, since the browser refuses it anyway. An IP address or a one-label
 * host (localhost) takes host-only cookies alone.
 */
export function cookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/** Max-Age for browsers, Expires as well: happy-dom, and old engines, delete a domain cookie only by its expiry. */
const expired = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';

/**
 * Deletes the cookies of the given purposes that this page can see, host-only and on every domain they may be
 * written for. Returns the names deleted. HttpOnly cookies (a server-side container's) are out of a page's reach.
 */
export function deleteTrackingCookies(
  purposes: readonly ConsentPurpose[],
  doc: Pick<Document, 'cookie'> = document,
  hostname: string = window.location.hostname,
): string[] {
  const names = [
    ...new Set(
      doc.cookie
        .split(';')
        .map((pair) => pair.split('=')[0]!.trim())
        .filter((name) => purposes.some((purpose) => trackingCookies[purpose].test(name))),
    ),
  ];
  for (const name of names) {
    doc.cookie = `${name}=; ${expired}`;
    for (const domain of cookieDomains(hostname)) doc.cookie = `${name}=; ${expired}; Domain=${domain}`;
  }
  return names;
}
