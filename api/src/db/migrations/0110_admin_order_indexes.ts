import type { MigrationDb } from './helpers.ts';

/**
 * The back office's order list filtered by status, newest first (docs/decisions/0110-admin-orders.md): without
 * it a rare status (the unpaid orders) walks the whole date index of 100,000 orders in the benchmark.
 * The list by date alone and a course's positions use the indexes of 0100 and 0090.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('shop_order_status_created_idx')
    .on('shop_order')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('shop_order_status_created_idx').execute();
}
