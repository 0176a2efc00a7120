import type { FastifyServerOptions } from 'fastify';

/**
 * TRUST_PROXY: set it when the API runs behind a reverse proxy, so the client address (which rate limits are
 * keyed on) comes from X-Forwarded-For instead of being the proxy's. `true`, or a list of proxy
 * addresses/CIDRs (comma-separated). Unset: the socket's address.
 */
export function trustProxyFromEnv(value: string | undefined): FastifyServerOptions['trustProxy'] {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
