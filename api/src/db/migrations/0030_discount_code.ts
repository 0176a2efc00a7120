import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * Discount codes (docs/product-rules.md#cart): a percentage or a fixed amount, a validity window, usage limits in all and per
 * customer, an optional minimum order value and an optional restriction to item types. Each use by an order is a
 * row of discount_code_usage, so limits are counted, never kept as a counter that could drift.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('discount_code'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('usage_limit_per_customer', 'integer')
    .addColumn('min_order_cents', 'integer')
    .addColumn('item_types', 'text')
    .addCheckConstraint(
      'discount_code_value_check',
      sql`(percent_off is null) <> (amount_off_cents is null) and (percent_off is null or (percent_off between 1 and 100)) and (amount_off_cents is null or amount_off_cents > 0)`,
    )
    .addCheckConstraint('discount_code_length_check', sql`length(code) between 1 and 20`)
    .execute();

  await withGeneratedId(db, db.schema.createTable('discount_code_usage'))
    .addColumn('discount_code_id', 'integer', (col) => col.notNull().references('discount_code.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.references('customer.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (col) => col.references('shop_order.id').onDelete('cascade'))
    .addColumn('used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('discount_code_usage_code_idx')
    .on('discount_code_usage')
    .columns(['discount_code_id', 'customer_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('discount_code_usage').ifExists().execute();
  await db.schema.dropTable('discount_code').ifExists().execute();
}
