import { sql } from 'kysely';
import { isPostgres, type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * The consumer's withdrawal (docs/decisions/0011-withdrawal.md):
 * - `withdrawal_declaration`: every declaration as it was received, with its receipt time. Append-only: a
 *   trigger refuses every update and delete, in both dialects, so not even a bug can change one.
 * - `withdrawal_id` on each kind of position: the declaration that withdrew it (null while it stands); set once,
 *   conditionally, so two declarations never withdraw the same position twice.
 * - `refund`: one row per declaration that gives money back, issued to the provider under its own idempotency key.
 * - `sandbox_refund`: the sandbox provider's books of refunds.
 * - `shop_order.early_start_requested_at`: when the consumer expressly requested an early start (null: not).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('withdrawal_declaration'))
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('order_number', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    // The positions as declared (JSON list of { kind, id }); empty: the whole contract.
    .addColumn('positions', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    // The customer who was logged in when declaring, if any (not a reference: the record outlives accounts).
    .addColumn('customer_id', 'integer')
    .execute();
  if (isPostgres(db)) {
    await sql`create function withdrawal_declaration_append_only() returns trigger language plpgsql as $$
      begin raise exception 'withdrawal_declaration is append-only'; end $$`.execute(db);
    await sql`create trigger withdrawal_declaration_append_only before update or delete on withdrawal_declaration
      for each row execute function withdrawal_declaration_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger withdrawal_declaration_no_${event} before ${event} on withdrawal_declaration begin select raise(abort, 'withdrawal_declaration is append-only'); end`,
        )
        .execute(db);
    }
  }

  for (const table of ['course_booking', 'product_order', 'customer_balance_transaction']) {
    await db.schema
      .alterTable(table)
      .addColumn('withdrawal_id', 'integer', (col) => col.references('withdrawal_declaration.id'))
      .execute();
  }
  await db.schema.alterTable('shop_order').addColumn('early_start_requested_at', 'text').execute();

  await withGeneratedId(db, db.schema.createTable('refund'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id'))
    .addColumn('withdrawal_id', 'integer', (col) => col.notNull().unique().references('withdrawal_declaration.id'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('payment_transaction_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    // pending until the provider confirmed it, then issued.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('refund_amount_check', sql`amount_cents > 0`)
    .execute();
  await db.schema.createIndex('refund_order_idx').on('refund').column('order_id').execute();

  await db.schema
    .createTable('sandbox_refund')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sandbox_refund').ifExists().execute();
  await db.schema.dropTable('refund').ifExists().execute();
  await db.schema.alterTable('shop_order').dropColumn('early_start_requested_at').execute();
  for (const table of ['course_booking', 'product_order', 'customer_balance_transaction']) {
    await db.schema.alterTable(table).dropColumn('withdrawal_id').execute();
  }
  await db.schema.dropTable('withdrawal_declaration').ifExists().execute();
  if (isPostgres(db)) await sql`drop function if exists withdrawal_declaration_append_only()`.execute(db);
}
