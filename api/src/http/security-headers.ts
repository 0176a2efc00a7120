import type { FastifyInstance } from 'fastify';
import { securityHeaders } from '@shop/shared/server';

/**
 * The hardening headers of the static servers (Content-Security-Policy frame-ancestors, nosniff, strict
 * Referrer-Policy; one definition in @shop/shared/server) on every API response, errors and 404s included:
 * the API also serves HTML (the sandbox payment page) that must not be framed by strangers.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  origins: { shopOrigin: string; partnerOrigins: readonly string[] },
): void {
  const headers = securityHeaders(origins);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
