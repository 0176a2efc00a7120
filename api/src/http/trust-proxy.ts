import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * TRUST_PROXY: set it when the API runs behind a reverse proxy, so the client address (which rate limits and the
 * unpaid-hold cap are keyed on) comes from X-Forwarded-For instead of being the proxy's. Three forms:
 *
 * - a list of the proxies' addresses or CIDRs (comma-separated, e.g. `127.0.0.1` or `10.0.0.0/8,::1`): the
 *   client is the rightmost entry not sent by one of them;
 * - a hop count (`1` for one proxy in front): the client is that many entries from the right. Only where
 *   nothing reaches the API but through the proxy (HOST=127.0.0.1 or a closed port): a direct client could write
 *   the entries itself;
 * - `true`: every entry is trusted, so the client is the leftmost one, which the client writes itself (every
 *   proxy, the shop's own `/api` proxy included, appends to what came in). Development only; production refuses
 *   it (docs/product-rules.md#client-addresses-behind-a-proxy).
 *
 * Unset, `false` or `0`: the socket's address. `true` and `false` are read in any letter case, as the production
 * check reads them. Anything else throws, so a typing error stops the start with one line (main.ts) instead of
 * Fastify's stack trace, or a proxy silently not trusted.
 */
export function trustProxyFromEnv(value: string | undefined): FastifyServerOptions['trustProxy'] {
  const text = value?.trim();
  const word = text?.toLowerCase();
  if (!text || word === 'false') return false;
  if (word === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    // Fastify takes a number but then trusts nothing (it cannot tell the proxy from a direct client); the
    // address of hop `i` (0: the socket's peer) is trusted while i < hops, as Express counts them.
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyEntry(entry));
  if (wrong !== undefined)
    throw new Error(
      `TRUST_PROXY must be a hop count, true, or the proxies' addresses or CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8,::1), got "${wrong}" in "${text}"`,
    );
  return entries;
}

/** The range names proxy-addr (Fastify's trustProxy list) knows besides addresses and CIDRs. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix within its family's length, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Why TRUST_PROXY cannot be used in production, or null. */
export function trustProxyProblem(value: string | null): string | null {
  if (value?.trim().toLowerCase() !== 'true') return null;
  return (
    'TRUST_PROXY=true trusts every X-Forwarded-For entry, so any client picks its own rate-limit key ' +
    "(give the proxy's address(es) or CIDR, e.g. TRUST_PROXY=127.0.0.1, or its hop count, e.g. TRUST_PROXY=1)"
  );
}
