import type { FastifyInstance } from 'fastify';

/**
 * Every API answer says `Cache-Control: no-store` unless its route sets caching of its own (the texts and the shop
 * mode are public and may be kept a minute). A customer's data (profile, orders, level history, a parked cart)
 * must not be written to the disk cache of a shared computer's browser, nor kept by any cache on the way; the
 * catalogue's free places and prices must be current anyway (docs/decisions/0071-api-answers-not-stored.md).
 * Set when the request arrives, so errors and 404s carry it too, and a route's own header replaces it.
 */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
