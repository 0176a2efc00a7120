import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * A customer's level history (docs/product-rules.md#data Level history entry): one row per saved placement result. Instants are
 * ISO-8601 UTC text like the customer tables; the rows go with the customer.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('exam_result'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('reached_points', 'integer', (col) => col.notNull())
    .addColumn('max_points', 'integer', (col) => col.notNull())
    .addColumn('target_detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'exam_result_points_check',
      sql`reached_points >= 0 and reached_points <= max_points and max_points > 0`,
    )
    .execute();
  // History is read per customer, newest first.
  await db.schema
    .createIndex('exam_result_customer_idx')
    .on('exam_result')
    .columns(['customer_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('exam_result').ifExists().execute();
}
