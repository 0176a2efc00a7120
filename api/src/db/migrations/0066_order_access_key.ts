import type { MigrationDb } from './helpers.ts';

/**
 * `shop_order.access_key_hash`: the SHA-256 hash of the key the submit hands to the buying browser. The order-state
 * lookup lists a paid order's positions and prices only to a request that brings the key, since order number and
 * address are easy to come by (docs/product-rules.md#the-confirmations-price-list). Null for orders placed
 * before: their confirmation shows no price list.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').addColumn('access_key_hash', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').dropColumn('access_key_hash').execute();
}
