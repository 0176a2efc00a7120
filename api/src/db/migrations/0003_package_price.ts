import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/** Prepaid packages (docs/product-rules.md#overview): conversation hours or flexible-learning modules, priced per amount. */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('package_price'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addUniqueConstraint('package_price_type_amount_unique', ['type', 'amount'])
    .addCheckConstraint('package_price_type_check', sql`type in ('conversation_hours', 'flexible_learning')`)
    .addCheckConstraint('package_price_values_check', sql`amount > 0 and price_cents >= 0`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('package_price').ifExists().execute();
}
