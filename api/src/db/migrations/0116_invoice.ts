import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * Invoices (docs/decisions/0116-invoices-issued-with-the-payment.md). `invoice_number` holds one counter per
 * series and year (`RE-2026`, `ST-2026`): incremented in the transaction that issues the invoice, so a rollback
 * takes the number back and the series has no gaps. `invoice` keeps each issued document whole and for good:
 * its data as issued (JSON) and the PDF's bytes (base64, the same on both dialects); nothing updates a row.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('invoice_number')
    .addColumn('series', 'text', (col) => col.primaryKey())
    .addColumn('last_value', 'integer', (col) => col.notNull())
    .execute();
  await withGeneratedId(db, db.schema.createTable('invoice'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id'))
    // One invoice per order, one cancellation per refund: the unique keys keep a second process from issuing twice.
    .addColumn('invoice_order_id', 'integer', (col) => col.unique())
    .addColumn('refund_id', 'integer', (col) => col.unique())
    .addColumn('original_invoice_id', 'integer', (col) => col.references('invoice.id'))
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('pdf', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoice_order_idx').on('invoice').column('order_id').execute();
  await db.schema.createIndex('invoice_issued_idx').on('invoice').column('issued_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('invoice').ifExists().execute();
  await db.schema.dropTable('invoice_number').ifExists().execute();
}
