import { shopModeInfoSchema, successEnvelope } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/**
 * GET /shop/mode: development or production, so the shell can show its "test shop" notice. Fixed for the life of
 * the process and needing no database, so it answers at once and the browser may keep it for a minute.
 */
export const shopModeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/shop/mode',
      { schema: { response: { 200: successEnvelope(shopModeInfoSchema) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { result: { mode: ctx.mode } };
      },
    );
  };
