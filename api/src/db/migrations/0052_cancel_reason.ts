import type { MigrationDb } from './helpers.ts';

/**
 * Why an order was cancelled (docs/decisions/0003-production-mode.md): the provider reported the payment failed,
 * canceled or expired, or the order's payment hold ran out before any answer came. The account shows the last
 * two as "expired". Null for orders not cancelled and for those cancelled before this migration.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('cancel_reason', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').dropColumn('cancel_reason').execute();
}
