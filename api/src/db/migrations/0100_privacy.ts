import { withGeneratedId, type MigrationDb } from './helpers.ts';

/**
 * Privacy (docs/privacy.md): `privacy_link`, the mailed links by which a guest proves an address before the shop
 * shows or deletes what it holds about it (kept hashed, like every link token), and `shop_order.reduced_at`, when an
 * order's personal data was reduced to what the bookkeeping duties need (an account deleted, a guest's request), or
 * null while the order is whole. `anonymized_at` says the bookkeeping period ended and the rest went too.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('privacy_link'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.alterTable('shop_order').addColumn('reduced_at', 'text').execute();
  await db.schema.alterTable('shop_order').addColumn('anonymized_at', 'text').execute();
  // The retention jobs look orders up by age, the privacy requests by address.
  await db.schema.createIndex('shop_order_created_idx').on('shop_order').column('created_at').execute();
  await db.schema.createIndex('shop_order_email_idx').on('shop_order').column('email').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('shop_order_email_idx').execute();
  await db.schema.dropIndex('shop_order_created_idx').execute();
  await db.schema.alterTable('shop_order').dropColumn('anonymized_at').execute();
  await db.schema.alterTable('shop_order').dropColumn('reduced_at').execute();
  await db.schema.dropTable('privacy_link').execute();
}
