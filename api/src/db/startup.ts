import type { ShopMode } from '@shop/shared/contract';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seed, type SeedResult } from './seed/index.ts';
import type { SourceTexts } from './seed/translations.ts';
import { withSqliteStartupLock } from './sqlite-startup-lock.ts';

/** The key of the PostgreSQL advisory lock every start takes around migrations and seeding ("shop" in ASCII). */
export const startupLockKey = 0x73686f70;

/**
 * Runs `work` while holding the start-up lock of the database: on PostgreSQL a session advisory lock on a
 * connection of its own, so two processes starting at once on an empty database migrate and seed one after the
 * other instead of racing (the loser of such a race used to exit with a duplicate-key error). On SQLite the write
 * lock of a file beside the database (sqlite-startup-lock.ts): its own file lock serializes single statements, not
 * a start's migrations, and processes starting at once on a new file raced through them too.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'sqlite') return db.file && db.file !== ':memory:' ? withSqliteStartupLock(db.file, work) : work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${startupLockKey})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${startupLockKey})`.execute(connection);
    }
  });
}

/** A start's database work: migrations, then the seed of its mode (seed/index.ts), under the start-up lock. */
export async function prepareDatabase(
  db: Db,
  { mode, now = new Date(), texts }: { mode: ShopMode; now?: Date; texts?: SourceTexts },
): Promise<{ applied: string[]; seeded: SeedResult }> {
  return withStartupLock(db, async () => {
    const applied = await migrateToLatest(db);
    const seeded = await seed(db, { now, mode, texts });
    return { applied, seeded };
  });
}
