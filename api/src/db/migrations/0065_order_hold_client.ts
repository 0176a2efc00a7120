import type { MigrationDb } from './helpers.ts';

/**
 * Which client (the rate limits' key) an order waiting for its payment came from, so that a submit can count the
 * unpaid holds one client has open (docs/product-rules.md#payment-holds). A row is kept only as long as its
 * hold: submit deletes the rows whose hold ended, so no client address stays with an order.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('order_hold_client')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('shop_order.id').onDelete('cascade'))
    .addColumn('client_key', 'text', (col) => col.notNull())
    .addColumn('hold_expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_hold_client_key_idx')
    .on('order_hold_client')
    .columns(['client_key', 'hold_expires_at'])
    .execute();
  await db.schema
    .createIndex('order_hold_client_expires_idx')
    .on('order_hold_client')
    .column('hold_expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('order_hold_client').execute();
}
