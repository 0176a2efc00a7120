import { type MigrationDb, withGeneratedId } from './helpers.ts';

/** The dev outbox (docs/architecture.md#mail): without SMTP_URL, mails are kept here and read at GET /api/dev/mailbox. */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('dev_mail'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('dev_mail').ifExists().execute();
}
