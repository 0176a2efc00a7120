import { healthSchema, readinessSchema } from '@shop/shared/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, get, testNow, type TestContext } from '../../test/databases.ts';
import { demoSchoolIdentity, writeSchoolIdentity } from '../school/identity.ts';
import { productionMode } from '../mode/test-support.ts';

const configurationProblems: string[] = [];

/** Takes migration 0056 out of the record for `body`, then puts it back. */
async function withMigrationPending(ctx: TestContext, body: () => Promise<void>): Promise<void> {
  const applied = await ctx.db.kysely
    .selectFrom('kysely_migration' as never)
    .selectAll()
    .where('name' as never, '=', '0056_rate_limit' as never)
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, '=', '0056_rate_limit' as never)
    .execute();
  try {
    await body();
  } finally {
    await ctx.db.kysely
      .insertInto('kysely_migration' as never)
      .values(applied as never)
      .execute();
  }
}

describeEachDatabase(
  'GET /api/health and /api/ready',
  (ctx) => {
    it('health answers ok and names the database it talks to', async () => {
      const { status, body } = await get(ctx, '/api/health');
      expect(status).toBe(200);
      expect(body).toEqual({ result: { status: 'ok', database: ctx.dialect } });
      expect(healthSchema.parse(body.result)).toBeTruthy();
    });

    it('ready answers ready when the database answers, every migration is applied and the configuration is complete', async () => {
      const { status, body, headers } = await get(ctx, '/api/ready');
      expect(status).toBe(200);
      expect(readinessSchema.parse(body.result)).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', configuration: 'ok', rateLimits: 'shared' },
      });
      expect(headers['cache-control']).toBe('no-store');
    });

    it('ready answers 503 NOT_READY naming a migration that is not applied', async () => {
      const applied = await ctx.db.kysely
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .where('name' as never, '=', '0056_rate_limit' as never)
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0056_rate_limit' as never)
        .execute();
      try {
        const { status, body } = await get(ctx, '/api/ready');
        expect(status).toBe(503);
        expect(body.error.code).toBe('NOT_READY');
        expect(body.error.message).toContain('migrations not applied: 0056_rate_limit');
        // Alive all the same: a restart would not apply it either.
        expect((await get(ctx, '/api/health')).status).toBe(200);
      } finally {
        await ctx.db.kysely
          .insertInto('kysely_migration' as never)
          .values(applied as never)
          .execute();
      }
      expect((await get(ctx, '/api/ready')).status).toBe(200);
    });

    it('ready answers 503 NOT_READY naming what the configuration lacks', async () => {
      configurationProblems.push('SMTP_URL is not set');
      try {
        const { status, body } = await get(ctx, '/api/ready');
        expect(status).toBe(503);
        expect(body.error.message).toContain('configuration: SMTP_URL is not set');
      } finally {
        configurationProblems.length = 0;
      }
    });
  },
  { seed: false, app: { configurationProblems: () => configurationProblems } },
);

const logLines: string[] = [];

/**
 * A public shop's probes answer without naming its database, its migrations or its settings
 * (docs/decisions/0075-public-checks-and-the-result-mail.md); the operator reads those in the log.
 */
describeEachDatabase(
  'GET /api/health and /api/ready in production',
  (ctx) => {
    // Everything in order includes the school's identity, which production needs to be ready.
    beforeAll(() => writeSchoolIdentity(ctx.db.kysely, demoSchoolIdentity, testNow));

    it('health answers ok without naming the database', async () => {
      const { status, body } = await get(ctx, '/api/health');
      expect(status).toBe(200);
      expect(body).toEqual({ result: { status: 'ok' } });
    });

    it('ready answers as in development while everything is in order', async () => {
      const { status, body } = await get(ctx, '/api/ready');
      expect(status).toBe(200);
      expect(readinessSchema.parse(body.result)).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', configuration: 'ok', rateLimits: 'shared' },
      });
    });

    it('ready answers 503 NOT_READY without naming what fails; the log names it', async () => {
      configurationProblems.push('SMTP_URL is not set');
      logLines.length = 0;
      try {
        await withMigrationPending(ctx, async () => {
          const { status, body } = await get(ctx, '/api/ready');
          expect(status).toBe(503);
          expect(body).toEqual({ error: { code: 'NOT_READY', message: 'Not ready' } });
        });
      } finally {
        configurationProblems.length = 0;
      }
      const logged = logLines.join('\n');
      expect(logged).toContain('migrations not applied: 0056_rate_limit');
      expect(logged).toContain('configuration: SMTP_URL is not set');
    });
  },
  {
    seed: false,
    app: {
      ...productionMode,
      configurationProblems: () => configurationProblems,
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    },
  },
);
