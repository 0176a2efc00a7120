import type { MigrationDb } from './helpers.ts';

/** The shop's payment method ids before they became Mollie's (docs/decisions/0002-mollie-payments.md). */
const renamed = [
  ['card', 'creditcard'],
  ['instant_bank_transfer', 'paybybank'],
  ['apple_pay', 'applepay'],
] as const;

/** Orders and payments recorded before keep their method under its new id, so one name means one method. */
export async function up(db: MigrationDb): Promise<void> {
  for (const [before, after] of renamed) {
    await db.updateTable('shop_order').set({ payment_method: after }).where('payment_method', '=', before).execute();
    await db.updateTable('payment').set({ method: after }).where('method', '=', before).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [before, after] of renamed) {
    await db.updateTable('shop_order').set({ payment_method: before }).where('payment_method', '=', after).execute();
    await db.updateTable('payment').set({ method: before }).where('method', '=', after).execute();
  }
}
