import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addMonths } from './dates.ts';

/** Packages are valid for 12 months from purchase (docs/product-rules.md#overview, #limits). */
export const packageValidityMonths = 12;

/**
 * Spends up to `amount` stored credits of one type for an order, the soonest-expiring purchase first, and records
 * which purchase paid what (so a cancellation gives exactly that back). Returns how many were spent; the rest, if
 * any, comes from packages bought with the same order.
 */
export async function spendStoredCredits(
  trx: Kysely<Database>,
  {
    customerId,
    typeId,
    amount,
    orderId,
    now,
  }: { customerId: number; typeId: number; amount: number; orderId: number; now: Date },
): Promise<number> {
  const instant = now.toISOString();
  const rows = await trx
    .selectFrom('customer_balance')
    .select(['id', 'balance'])
    .where('customer_id', '=', customerId)
    .where('type_id', '=', typeId)
    .where('balance', '>', 0)
    .where('valid_from', '<=', instant)
    .where('valid_until', '>', instant)
    .orderBy('valid_until')
    .orderBy('id')
    .execute();
  let left = amount;
  for (const row of rows) {
    if (left === 0) break;
    const take = Math.min(left, row.balance);
    const spent = await trx
      .updateTable('customer_balance')
      .set({ balance: sql`balance - ${take}` })
      .where('id', '=', row.id)
      .where('balance', '>=', take)
      .executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) continue;
    await trx
      .insertInto('order_credit_usage')
      .values({ order_id: orderId, customer_balance_id: row.id, amount: take })
      .execute();
    left -= take;
  }
  return amount - left;
}

/** Gives back every stored credit an order spent (its cancellation). */
export async function releaseStoredCredits(trx: Kysely<Database>, orderId: number): Promise<void> {
  const usages = await trx
    .selectFrom('order_credit_usage')
    .select(['customer_balance_id', 'amount'])
    .where('order_id', '=', orderId)
    .execute();
  for (const usage of usages) {
    await trx
      .updateTable('customer_balance')
      .set({ balance: sql`balance + ${usage.amount}` })
      .where('id', '=', usage.customer_balance_id)
      .execute();
  }
  await trx.deleteFrom('order_credit_usage').where('order_id', '=', orderId).execute();
}

/**
 * Credits the packages of a paid order to the customer's balance, valid 12 months from now, less what courses of
 * the same order already used. Guests have no balance: their packages are redeemed by e-mail (docs/product-rules.md#overview).
 */
export async function creditPackages(
  trx: Kysely<Database>,
  { orderId, customerId, now }: { orderId: number; customerId: number | null; now: Date },
): Promise<void> {
  if (customerId === null) return;
  const purchases = await trx
    .selectFrom('customer_balance_transaction')
    .select(['type_id', 'amount', 'quantity', 'used_in_order'])
    .where('order_id', '=', orderId)
    .execute();
  const validFrom = now.toISOString();
  const validUntil = addMonths(now, packageValidityMonths).toISOString();
  for (const purchase of purchases) {
    const balance = purchase.amount * purchase.quantity - purchase.used_in_order;
    if (balance <= 0) continue;
    await trx
      .insertInto('customer_balance')
      .values({
        customer_id: customerId,
        type_id: purchase.type_id,
        balance,
        valid_from: validFrom,
        valid_until: validUntil,
        order_id: orderId,
      })
      .execute();
  }
}
