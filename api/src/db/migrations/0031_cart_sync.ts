import type { MigrationDb } from './helpers.ts';

/** Carts parked for a transfer to another page or device (POST /api/cart/sync), read back until they expire. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('cart_sync')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cart_sync_expires_idx').on('cart_sync').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('cart_sync').ifExists().execute();
}
