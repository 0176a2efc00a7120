import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * What the checkout (docs/product-rules.md#checkout) needs beyond the order tables of 0006:
 * - `order_number`: one counter row, raised inside the submit's transaction, so order numbers are sequential and
 *   gap-free per committed order (a rolled-back submit rolls its number back too).
 * - order columns for what the form sends besides the positions (time zone, marketing opt-in, payment method).
 * - `payment.transaction_id` (the provider's payment id) unique, so one provider payment can never complete two
 *   orders; `refund_required` flags money that arrived for an order already cancelled.
 * - `order_credit_usage`: which package purchases paid which order, so a cancellation gives exactly those back.
 * - one redemption per order and code.
 * - `sandbox_payment`: the sandbox provider's own books (it plays an outside provider; the shop asks it).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('order_number')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_value', 'integer', (col) => col.notNull())
    .execute();
  await db.insertInto('order_number').values({ id: 1, last_value: 100000 }).execute();

  await db.schema
    .alterTable('shop_order')
    .addColumn('timezone', 'text', (col) => col.notNull().defaultTo('Europe/Berlin'))
    .execute();
  await db.schema
    .alterTable('shop_order')
    .addColumn('marketing_opt_in', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('shop_order').addColumn('payment_method', 'text').execute();

  await db.schema
    .alterTable('payment')
    .addColumn('refund_required', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('payment_provider_transaction_uq')
    .on('payment')
    .columns(['provider', 'transaction_id'])
    .unique()
    .execute();

  // Credits a cart's own packages paid for in the same order: not credited to the balance when it is paid.
  await db.schema
    .alterTable('customer_balance_transaction')
    .addColumn('used_in_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withGeneratedId(db, db.schema.createTable('order_credit_usage'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('customer_balance_id', 'integer', (col) =>
      col.notNull().references('customer_balance.id').onDelete('cascade'),
    )
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addCheckConstraint('order_credit_usage_amount_check', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('order_credit_usage_order_idx').on('order_credit_usage').column('order_id').execute();

  await db.schema
    .createIndex('discount_code_usage_order_code_uq')
    .on('discount_code_usage')
    .columns(['order_id', 'discount_code_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('sandbox_payment')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'sandbox_payment_status_check',
      sql`status in ('pending', 'paid', 'failed', 'canceled', 'expired')`,
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sandbox_payment').ifExists().execute();
  await db.schema.dropIndex('discount_code_usage_order_code_uq').ifExists().execute();
  await db.schema.dropTable('order_credit_usage').ifExists().execute();
  await db.schema.alterTable('customer_balance_transaction').dropColumn('used_in_order').execute();
  await db.schema.dropIndex('payment_provider_transaction_uq').ifExists().execute();
  await db.schema.alterTable('payment').dropColumn('refund_required').execute();
  for (const column of ['payment_method', 'marketing_opt_in', 'timezone'])
    await db.schema.alterTable('shop_order').dropColumn(column).execute();
  await db.schema.dropTable('order_number').ifExists().execute();
}
