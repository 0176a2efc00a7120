import { HealthErrorCode, healthSchema, readinessSchema, successEnvelope } from '@shop/shared/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { AppError } from '../../http/errors.ts';

export interface HealthRouteOptions {
  /** What keeps the configuration from being complete (one phrase each); none by default. */
  configurationProblems?: () => string[] | Promise<string[]>;
}

/**
 * `/health` says the process is alive: it touches nothing, so a slow or lost database never gets a process
 * restarted that would only start against the same database. `/ready` says it may take traffic: the database
 * answers, every migration is applied, the configuration is complete, and the process is not stopping (a load
 * balancer takes a stopping process out before its listener closes). With Redis away it stays 200 but says
 * `degraded` (docs/decisions/0087-outages-and-stops.md).
 * Both are public. In production they do not tell strangers which database the shop runs on, which migration is
 * missing or which setting: the log does (docs/decisions/0075-public-checks-and-the-result-mail.md). Development keeps
 * the details in the answers, where the developer looks.
 */
export const healthRoutes =
  (ctx: AppContext, { configurationProblems = () => [] }: HealthRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const production = ctx.mode === 'production';
    const health = healthSchema.unwrap().partial({ database: true });
    app.get('/health', { schema: { response: { 200: successEnvelope(health) } } }, async () => ({
      result: production ? { status: 'ok' as const } : { status: 'ok' as const, database: ctx.db.dialect },
    }));

    app.get('/ready', { schema: { response: { 200: successEnvelope(readinessSchema) } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const problems: string[] = [];
      if (app.lifecycle.stopping) problems.push('the process is stopping');
      try {
        await sql`select 1`.execute(ctx.db.kysely);
        const pending = await pendingMigrations(ctx.db);
        if (pending.length > 0) problems.push(`migrations not applied: ${pending.join(', ')}`);
      } catch {
        problems.push('the database does not answer');
      }
      problems.push(...(await configurationProblems()).map((problem) => `configuration: ${problem}`));
      if (problems.length > 0) {
        const details = `Not ready: ${problems.join('; ')}`;
        request.log.warn(details);
        throw new AppError(503, HealthErrorCode.notReady, production ? 'Not ready' : details);
      }
      // Redis away: the shop works on, with each process at its share of every limit, and says so (the log has
      // warned once); taking every process out of the balancer for it would close the shop.
      const shared = app.rateLimits.shared();
      return {
        result: {
          status: shared ? ('ready' as const) : ('degraded' as const),
          checks: {
            database: 'ok' as const,
            migrations: 'ok' as const,
            configuration: 'ok' as const,
            rateLimits: shared ? ('shared' as const) : ('per-process' as const),
          },
        },
      };
    });
  };
