import { withGeneratedId, type MigrationDb } from './helpers.ts';

/**
 * Logging in while strangers guess at the account (docs/decisions/0086-no-lockout-of-the-owner.md):
 * - `customer_device`: the browsers that have logged in to an account (OWASP's device cookies); a login attempt
 *   carrying one of their tokens is judged by that browser's own counter, not by the account's.
 * - `customer_login_link`: one-time login links sent by mail (15 minutes). Apart from `customer_token`, whose
 *   purposes a check constraint lists, and because a password reset or change leaves them as they are.
 * Only SHA-256 hashes of the tokens are stored.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('customer_device'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customer_device_customer_idx').on('customer_device').column('customer_id').execute();

  await withGeneratedId(db, db.schema.createTable('customer_login_link'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('customer_login_link_customer_idx')
    .on('customer_login_link')
    .column('customer_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('customer_login_link').execute();
  await db.schema.dropTable('customer_device').execute();
}
