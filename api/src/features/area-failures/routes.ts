import { areaFailureReportSchema } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited } from '../../rate-limit/route-limits.ts';

const minute = 60 * 1000;

/**
 * A page reports an area at most once per area and reason (shell), so 30 a minute per client leaves room for a
 * classroom behind one address while a script spraying reports is cut off early.
 */
export const areaFailureRateLimit = { perClient: { max: 30, timeWindowMs: minute } };

/**
 * The shell's beacon when it contained an area (docs/decisions/0121-area-failure-beacon.md): counted in
 * `shop_area_failures_total{area,reason}` on the metrics port, where the operator's alert watches, and logged.
 * Answers 204 with nothing to read back.
 */
export const areaFailureRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/area-failures',
    {
      schema: { body: areaFailureReportSchema, response: { 204: z.null() } },
      preHandler: rateLimited(app, 'area-failures', areaFailureRateLimit),
    },
    async (request, reply) => {
      const { area, reason } = request.body;
      app.metrics.areaFailures.inc({ area, reason });
      request.log.warn({ area, reason }, 'the shell contained an area that failed');
      return reply.code(204).send(null);
    },
  );
};
