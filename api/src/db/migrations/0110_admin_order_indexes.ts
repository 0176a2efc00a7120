import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/**
 * The back office's order list (docs/decisions/0110-admin-orders.md): filtered by status, newest first, and the
 * search by a part of an e-mail address or a name. Without them a rare status walks the whole date index and a
 * search reads every order (100,000 in the benchmark: 500 ms and more).
 *
 * The search's indexes are trigram indexes of PostgreSQL's pg_trgm (shipped with PostgreSQL's contrib, trusted
 * since PostgreSQL 13, so the database's owner may enable it). Where it cannot be enabled the migration goes on
 * without them: the search still works, by reading every order. SQLite has no such index and reads them all.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('shop_order_status_created_idx')
    .on('shop_order')
    .columns(['status', 'created_at', 'id'])
    .execute();
  if (!isPostgres(db)) return;
  await sql`do $$ begin
      create extension if not exists pg_trgm;
    exception when others then raise notice 'pg_trgm not enabled: %', sqlerrm;
    end $$`.execute(db);
  await sql`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index shop_order_email_trgm_idx on shop_order using gin (email gin_trgm_ops);
        create index order_billing_name_trgm_idx on order_billing_address
          using gin ((lower(firstname || ' ' || lastname)) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists order_billing_name_trgm_idx`.execute(db);
    await sql`drop index if exists shop_order_email_trgm_idx`.execute(db);
  }
  await db.schema.dropIndex('shop_order_status_created_idx').execute();
}
