import type { MigrationDb } from './helpers.ts';

/**
 * Payment holds expire (docs/decisions/0001-payment-holds.md): an order waiting for its payment holds places,
 * appointments, credits and code redemptions only until `hold_expires_at`; the sweep cancels it after that.
 * Null for orders that never waited (nothing to pay) and for orders made before this migration, which the
 * sweep treats as expired at once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('hold_expires_at', 'text').execute();
  await db.schema
    .createIndex('shop_order_status_hold_idx')
    .on('shop_order')
    .columns(['status', 'hold_expires_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('shop_order_status_hold_idx').ifExists().execute();
  await db.schema.alterTable('shop_order').dropColumn('hold_expires_at').execute();
}
