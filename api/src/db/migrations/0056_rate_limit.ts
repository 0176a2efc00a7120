import type { MigrationDb } from './helpers.ts';

/**
 * Rate-limit counters shared by every API process (docs/decisions/0007-shared-rate-limits.md): one row per
 * counted key, the points used in its window and when the window ends (epoch milliseconds; bigint, as the
 * value passes 2^31). The column names are rate-limiter-flexible's, whose store logic counts in this table.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('expire', 'bigint')
    .execute();
  // Expired counters are deleted in batches by their end (the cleanup in rate-limit/store.ts).
  await db.schema.createIndex('rate_limit_expire_idx').on('rate_limit').column('expire').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('rate_limit').ifExists().execute();
}
