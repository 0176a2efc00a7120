import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * An invoice's PDF apart from its row (docs/decisions/0133-invoice-pdfs-rendered-by-job.md): the payment's transaction
 * stores the invoice's data and a pending `invoice_pdf` row; the rendering job, a download or the mail's delivery
 * claims that row with a conditional update, renders, and stores the bytes once. Issued PDFs move over as rendered.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('invoice_pdf')
    .addColumn('invoice_id', 'integer', (col) => col.primaryKey().references('invoice.id'))
    // Base64, null until rendered; written once (`where pdf is null`), never changed after.
    .addColumn('pdf', 'text')
    .addColumn('rendered_at', 'text')
    // Claims taken: 1 for a file rendered once; more only after a renderer died or failed mid-way.
    .addColumn('renders', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema.createIndex('invoice_pdf_rendered_idx').on('invoice_pdf').column('rendered_at').execute();
  await sql`insert into invoice_pdf (invoice_id, pdf, rendered_at, renders)
    select id, pdf, issued_at, 1 from invoice`.execute(db);
  await db.schema.alterTable('invoice').dropColumn('pdf').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('invoice')
    .addColumn('pdf', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update invoice set pdf = coalesce((select p.pdf from invoice_pdf p where p.invoice_id = invoice.id), '')`.execute(
    db,
  );
  await db.schema.dropTable('invoice_pdf').execute();
}
