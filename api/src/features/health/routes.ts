import { healthSchema, successEnvelope } from '@shop/shared/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', { schema: { response: { 200: successEnvelope(healthSchema) } } }, async () => {
      // "ok" means the database answers, not just that the process is alive.
      try {
        await sql`select 1`.execute(ctx.db.kysely);
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { result: { status: 'ok' as const, database: ctx.db.dialect } };
    });
  };
