import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { createDatabase, type Db, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';

/** The instant every API test runs at, so "today" and the seeded dates never drift (a Thursday). */
export const testNow = new Date('2026-01-15T09:00:00Z');
export const testToday = '2026-01-15';

export interface TestContext {
  dialect: Dialect;
  db: Db;
  app: App;
  /** Every SQL statement run since the last `queries.length = 0`. */
  queries: string[];
}

export interface DatabaseTestOptions {
  /** Seed the demo catalogue (default true). */
  seed?: boolean;
  /** Add routes or hooks before the app is ready (e.g. a route that throws, for error tests). */
  configure?: (app: App) => void;
  /** Further app options (e.g. cheaper password hashing, a movable clock); `now` here replaces testNow. */
  app?: Omit<BuildAppOptions, 'db'>;
}

/** A fresh, migrated database: SQLite in memory, or a new PostgreSQL database on the test server. */
async function openTestDatabase(
  dialect: Dialect,
  queries: string[],
): Promise<{ db: Db; dispose: () => Promise<void> }> {
  const onQuery = (sql: string) => void queries.push(sql);
  if (dialect === 'sqlite') {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' }, { onQuery });
    return { db, dispose: () => db.close() };
  }
  const created = await createPostgresTestDatabase();
  const db = createDatabase({ dialect: 'postgres', url: created.url }, { onQuery });
  return {
    db,
    dispose: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL test server (for a test that connects to it by URL, e.g. from other
 * processes), and how to drop it again.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) throw new Error('No PostgreSQL test server');
  return createPostgresDatabase(adminUrl, 'shop_test');
}

/** A new, empty database on the test server (named `<prefix>_<random>`): its URL, and how to drop it again. */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * Runs the same suite on SQLite and on PostgreSQL, so tests stay dialect-agnostic. `ctx` is filled in
 * before the first test of each run. Without a PostgreSQL server the PostgreSQL run is skipped, visibly.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: TestContext) => void,
  options: DatabaseTestOptions = {},
): void {
  const pgAvailable = Boolean(inject('pgAdminUrl'));
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const run = dialect === 'postgres' && !pgAvailable ? describe.skip : describe;
    const label =
      dialect === 'postgres' && !pgAvailable ? `${name} [postgres: NOT AVAILABLE, skipped]` : `${name} [${dialect}]`;
    run(label, () => {
      const ctx = { dialect, queries: [] as string[] } as TestContext;
      let dispose = async () => {};
      beforeAll(async () => {
        const opened = await openTestDatabase(dialect, ctx.queries);
        dispose = opened.dispose;
        ctx.db = opened.db;
        await migrateToLatest(ctx.db);
        if (options.seed ?? true) await seed(ctx.db, { now: testNow });
        ctx.app = buildApp({ db: ctx.db, now: () => testNow, ...options.app });
        options.configure?.(ctx.app);
        await ctx.app.ready();
        ctx.queries.length = 0;
      });
      afterAll(async () => {
        await ctx.app?.close();
        await dispose();
      });
      body(ctx);
    });
  }
}

/** GET with a query string exactly as written (so `tags[]=a` reaches the server unencoded). */
export async function get(ctx: TestContext, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as any, headers: response.headers };
}
