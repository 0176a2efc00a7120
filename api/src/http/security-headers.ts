import type { FastifyInstance } from 'fastify';
import { securityHeaders } from '@shop/shared/server';

/**
 * The hardening headers of the static servers (Content-Security-Policy frame-ancestors, nosniff, strict
 * Referrer-Policy, and Strict-Transport-Security when the shop is served over https, as production must be; one
 * definition in @shop/shared/server) on every API response, errors and 404s included: the API also serves HTML
 * (the sandbox payment page, the confirmation preview) that must not be framed by strangers. Its policy allows no
 * script at all (`script-src 'none'`): no page the API serves runs one, so an injected one cannot either.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  origins: { shopOrigin: string; partnerOrigins: readonly string[]; hstsIncludeSubDomains?: boolean },
): void {
  const headers = securityHeaders({ ...origins, scriptSources: ["'none'"] });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
