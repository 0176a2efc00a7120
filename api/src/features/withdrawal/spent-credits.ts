import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { packageValidityMonths } from '../order/credits.ts';
import { addMonths } from '../order/dates.ts';

/** A package bought with the order, as far as the credits its courses spent are concerned. */
export interface OrderPackage {
  id: number;
  type_id: number;
  used_in_order: number;
}

/**
 * Gives back `count` credits of one balance type that the order's withdrawn course bookings had spent
 * (docs/withdrawal-rules.md). The submit spent an order's credits of a type from the customer's stored balances
 * first, then from packages bought with the same order (order/submit.ts), and records how many came from where, but
 * not for which booking; so they go back the other way round: to the order's own packages first, then to the stored
 * balances, the one spent from last first. Each source's record goes down by what went back, so a credit never comes
 * back twice, whichever positions are withdrawn first. Returns how many went back to each of the order's packages:
 * what that is worth depends on the package's own state (`packageCreditsBack`).
 */
export async function giveBackSpentCredits(
  trx: Kysely<Database>,
  { orderId, typeId, count, packages }: { orderId: number; typeId: number; count: number; packages: OrderPackage[] },
): Promise<Map<number, number>> {
  const toPackages = new Map<number, number>();
  let left = count;
  const spentFromPackages = packages
    .filter((purchase) => purchase.type_id === typeId && purchase.used_in_order > 0)
    .sort((a, b) => b.id - a.id);
  for (const purchase of spentFromPackages) {
    if (left === 0) break;
    const back = Math.min(left, purchase.used_in_order);
    await trx
      .updateTable('customer_balance_transaction')
      .set({ used_in_order: sql`used_in_order - ${back}` })
      .where('id', '=', purchase.id)
      .execute();
    toPackages.set(purchase.id, back);
    left -= back;
  }
  if (left > 0) await giveBackToStoredBalances(trx, { orderId, typeId, count: left });
  return toPackages;
}

/** The stored-balance part of giveBackSpentCredits: the balances the order spent from, the last spent first. */
async function giveBackToStoredBalances(
  trx: Kysely<Database>,
  { orderId, typeId, count }: { orderId: number; typeId: number; count: number },
): Promise<void> {
  const usages = await trx
    .selectFrom('order_credit_usage')
    .innerJoin('customer_balance', 'customer_balance.id', 'order_credit_usage.customer_balance_id')
    .select(['order_credit_usage.id', 'order_credit_usage.customer_balance_id', 'order_credit_usage.amount'])
    .where('order_credit_usage.order_id', '=', orderId)
    .where('customer_balance.type_id', '=', typeId)
    .orderBy('order_credit_usage.id', 'desc')
    .execute();
  let left = count;
  for (const usage of usages) {
    if (left === 0) break;
    const back = Math.min(left, usage.amount);
    // A usage row records credits still spent (amount > 0, migration 0040): one given back whole goes.
    if (back === usage.amount) await trx.deleteFrom('order_credit_usage').where('id', '=', usage.id).execute();
    else
      await trx
        .updateTable('order_credit_usage')
        .set({ amount: sql`amount - ${back}` })
        .where('id', '=', usage.id)
        .execute();
    await trx
      .updateTable('customer_balance')
      .set({ balance: sql`balance + ${back}` })
      .where('id', '=', usage.customer_balance_id)
      .execute();
    left -= back;
  }
}

/**
 * Credits that went back to a package of the order that still stands: the customer holds them again, on the balance
 * the package was credited as (order/credits.ts creditPackages). When its courses had used every credit, the
 * payment left no balance row; a new one gets the validity the package's credits have, 12 months from the order.
 */
export async function restorePackageBalance(
  trx: Kysely<Database>,
  {
    orderId,
    customerId,
    typeId,
    count,
    orderedAt,
  }: { orderId: number; customerId: number; typeId: number; count: number; orderedAt: Date },
): Promise<void> {
  const balance = await trx
    .selectFrom('customer_balance')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type_id', '=', typeId)
    .orderBy('id')
    .executeTakeFirst();
  if (balance) {
    await trx
      .updateTable('customer_balance')
      .set({ balance: sql`balance + ${count}` })
      .where('id', '=', balance.id)
      .execute();
    return;
  }
  await trx
    .insertInto('customer_balance')
    .values({
      customer_id: customerId,
      type_id: typeId,
      balance: count,
      valid_from: orderedAt.toISOString(),
      valid_until: addMonths(orderedAt, packageValidityMonths).toISOString(),
      order_id: orderId,
    })
    .execute();
}
