import type { FastifyInstance } from 'fastify';
import type { ShopMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (metrics.ts); features count what happens to them. */
    metrics: ShopMetrics;
  }
}

/**
 * Makes `metrics` the app's and times every response under its route pattern (`/api/orders/:number`, never the
 * raw URL: one series per route, and no customer data in label values). Requests no route matched share `unmatched`.
 */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) metrics.rateLimitHits.inc({ route });
  });
}
