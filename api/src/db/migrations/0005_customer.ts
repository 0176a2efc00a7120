import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * Customers, their sessions, their one-time link tokens and their billing address (docs/product-rules.md#data Customer,
 * Billing address). Instants are ISO-8601 UTC text (`toISOString()`), which sorts and compares as text in
 * both dialects; flags are integers 0/1. Tokens are stored only as SHA-256 hashes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('customer'))
    // Lower-cased by the contract, so one address is one account.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('birth_year', 'text')
    .addColumn('language_niveau', 'text')
    .addColumn('language_niveau_details', 'text')
    .addColumn('is_subscribed_to_newsletter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    // Language of the customer's mails.
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('de'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'customer_flags_check',
      sql`is_subscribed_to_newsletter in (0, 1) and is_email_verified in (0, 1)`,
    )
    .addCheckConstraint('customer_locale_check', sql`locale in ('de', 'en', 'es')`)
    .execute();

  await withGeneratedId(db, db.schema.createTable('customer_session'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customer_session_customer_idx').on('customer_session').column('customer_id').execute();

  // Links sent by mail: e-mail verification, password reset, e-mail change. `email` is the address the link
  // was sent to (the new one for a change); `used_at` makes a token single use.
  await withGeneratedId(db, db.schema.createTable('customer_token'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addCheckConstraint(
      'customer_token_purpose_check',
      sql`purpose in ('verify_email', 'password_reset', 'email_change')`,
    )
    .execute();
  await db.schema
    .createIndex('customer_token_customer_idx')
    .on('customer_token')
    .columns(['customer_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('customer_billing_address')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customer.id').onDelete('cascade'))
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('address_line1', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address_line2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('zip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo('DE'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['customer_billing_address', 'customer_token', 'customer_session', 'customer']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
