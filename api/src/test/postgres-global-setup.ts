import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTemporaryPostgres } from './temporary-postgres.ts';

/**
 * Vitest global setup: makes a PostgreSQL server available to the API tests, which then run on SQLite
 * and on PostgreSQL. PG_TEST_URL (a URL whose user may CREATE DATABASE) wins; otherwise a throw-away
 * cluster is created from the local binaries and removed at the end. Without either (or with PG_TEST=off),
 * the tests still run on SQLite and this says clearly that PostgreSQL was skipped.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the test PostgreSQL server, or null when none could be started. */
    pgAdminUrl: string | null;
  }
}

function warnNoPostgres(reason: string): void {
  const line = '='.repeat(78);
  console.warn(
    `\n${line}\nPostgreSQL run NOT possible: ${reason}\n` +
      'The API tests ran on SQLite only. Set PG_TEST_URL=postgres://user@host:port/db (a user allowed to\n' +
      `CREATE DATABASE) or install a PostgreSQL server (initdb, pg_ctl) to run them on PostgreSQL too.\n${line}\n`,
  );
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.PG_TEST === 'off') {
    project.provide('pgAdminUrl', null);
    warnNoPostgres('disabled by PG_TEST=off');
    return;
  }
  const external = process.env.PG_TEST_URL?.trim();
  if (external) {
    project.provide('pgAdminUrl', external);
    return;
  }

  const outcome = await startTemporaryPostgres({ durable: false });
  if ('notStarted' in outcome) {
    project.provide('pgAdminUrl', null);
    warnNoPostgres(outcome.notStarted);
    return;
  }
  const { url, bin, stop } = outcome.started;
  project.provide('pgAdminUrl', url);
  console.info(
    `API tests: PostgreSQL ${path.basename(path.dirname(bin))} test server on ${url.replace(/^.*@/, '').replace(/\/.*$/, '')} (${bin})`,
  );
  return async () => stop();
}
