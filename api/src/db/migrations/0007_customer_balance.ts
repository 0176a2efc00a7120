import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * Prepaid contingents (docs/product-rules.md#data Balance, #overview: packages are valid for 12 months from purchase). One row per
 * purchase, so each keeps its own validity; `balance` is what is left of it. The account sums the rows that
 * are still valid per type (2 flexible-learning modules, 3 conversation hours).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('customer_balance'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (col) => col.notNull())
    .addColumn('balance', 'integer', (col) => col.notNull())
    .addColumn('valid_from', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('shop_order.id').onDelete('set null'))
    .addCheckConstraint('customer_balance_check', sql`balance >= 0 and type_id in (2, 3)`)
    .execute();
  await db.schema
    .createIndex('customer_balance_customer_idx')
    .on('customer_balance')
    .columns(['customer_id', 'type_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('customer_balance').ifExists().execute();
}
