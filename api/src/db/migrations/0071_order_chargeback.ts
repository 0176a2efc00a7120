import type { MigrationDb } from './helpers.ts';

/**
 * `shop_order.charged_back_cents` and `charged_back_at`: what the buyer's bank took back of the order's payment
 * (Mollie's `amountChargedBack`, reported on a paid payment whose webhook is called again), and when the shop
 * learnt of it (docs/decisions/0069-payment-integrity.md). 0 and null for every order without a chargeback.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('shop_order')
    .addColumn('charged_back_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('shop_order').addColumn('charged_back_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('shop_order').dropColumn('charged_back_at').execute();
  await db.schema.alterTable('shop_order').dropColumn('charged_back_cents').execute();
}
