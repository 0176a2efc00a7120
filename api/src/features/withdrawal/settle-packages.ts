import type { WithdrawalPosition } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { packageCreditsBackCents, packageRefundCents } from './amounts.ts';
import { type OrderPackage, restorePackageBalance } from './spent-credits.ts';

interface PackageRow extends OrderPackage {
  amount: number;
  quantity: number;
  withdrawal_id: number | null;
}

/**
 * The packages' part of the refund. A package withdrawn now refunds the part of its price for the credits not used,
 * counting those its courses just gave back to it; credits given back to a package withdrawn before are refunded
 * by what they add to its unused credits' share (its refund then had counted them as used; packageCreditsBackCents);
 * a package still standing holds them again as balance.
 * The latest bought is settled first, so that the order's packages of one type share their balance the way the
 * submit spends it (takeBackCredits).
 */
export async function settlePackages(
  trx: Kysely<Database>,
  {
    order,
    packages,
    withdrawnNow,
    toPackages,
    baseOf,
  }: {
    order: { id: number; customer_id: number | null; created_at: string };
    packages: PackageRow[];
    withdrawnNow: (id: number) => boolean;
    toPackages: ReadonlyMap<number, number>;
    baseOf: (position: WithdrawalPosition) => number;
  },
): Promise<number> {
  let dueCents = 0;
  for (const purchase of [...packages].sort((a, b) => b.id - a.id)) {
    const credits = purchase.amount * purchase.quantity;
    const back = toPackages.get(purchase.id) ?? 0;
    const base = baseOf({ kind: 'package', id: purchase.id });
    if (withdrawnNow(purchase.id)) {
      const unused = await takeBackCredits(trx, {
        orderId: order.id,
        customerId: order.customer_id,
        purchase,
        // What the order's later packages of the same type that still stand were credited: theirs in the balance.
        heldForLater: packages
          .filter(
            (other) =>
              other.type_id === purchase.type_id &&
              other.id > purchase.id &&
              other.withdrawal_id === null &&
              !withdrawnNow(other.id),
          )
          .reduce(
            (sum, other) => sum + other.amount * other.quantity - other.used_in_order + (toPackages.get(other.id) ?? 0),
            0,
          ),
      });
      dueCents += packageRefundCents(base, credits, unused + back);
    } else if (back > 0 && purchase.withdrawal_id !== null) {
      dueCents += packageCreditsBackCents(base, credits, purchase.used_in_order, back);
    } else if (back > 0 && order.customer_id !== null) {
      await restorePackageBalance(trx, {
        orderId: order.id,
        customerId: order.customer_id,
        typeId: purchase.type_id,
        count: back,
        orderedAt: new Date(order.created_at),
      });
    }
  }
  return dueCents;
}

/**
 * Takes back the credits of a withdrawn package that were not used. A guest has no balance, so all but what the
 * order's own courses used count as unused. A customer's are on the balance the paid order was credited as; the
 * order's packages of one type share it (one balance row each, same validity, or the one row credits came back to).
 * The submit spends such balances the first credited first, so what is left of them belongs to the packages bought
 * last: a package takes back what is left beyond `heldForLater` (what the later packages still standing were
 * credited), at most what it was credited itself (its credits less those its order's courses still use). Whatever
 * the order of withdrawals, no package takes back another's credits.
 */
async function takeBackCredits(
  trx: Kysely<Database>,
  {
    orderId,
    customerId,
    purchase,
    heldForLater,
  }: { orderId: number; customerId: number | null; purchase: PackageRow; heldForLater: number },
): Promise<number> {
  const credited = purchase.amount * purchase.quantity - purchase.used_in_order;
  if (customerId === null) return credited;
  const balances = await trx
    .selectFrom('customer_balance')
    .select(['id', 'balance'])
    .where('order_id', '=', orderId)
    .where('type_id', '=', purchase.type_id)
    .where('balance', '>', 0)
    .orderBy('id', 'desc')
    .execute();
  const held = balances.reduce((sum, balance) => sum + balance.balance, 0);
  let wanted = Math.max(0, Math.min(credited, held - heldForLater));
  let unused = 0;
  for (const balance of balances) {
    if (wanted === 0) break;
    const take = Math.min(wanted, balance.balance);
    const taken = await trx
      .updateTable('customer_balance')
      .set({ balance: balance.balance - take })
      .where('id', '=', balance.id)
      .where('balance', '=', balance.balance)
      .executeTakeFirst();
    if (taken.numUpdatedRows !== 1n) continue;
    unused += take;
    wanted -= take;
  }
  return unused;
}
