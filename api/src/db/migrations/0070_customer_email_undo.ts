import { withGeneratedId, type MigrationDb } from './helpers.ts';

/**
 * `customer_email_undo`: the links that let an account's former address take the account back after an e-mail
 * change it did not make (docs/decisions/0068-undo-an-email-change.md). Apart from `customer_token` because they
 * behave differently: a new one never replaces an older one (a thief's second change must not void the owner's
 * link), and a password reset or change leaves them valid.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('customer_email_undo'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('customer_email_undo_customer_idx')
    .on('customer_email_undo')
    .column('customer_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('customer_email_undo').execute();
}
