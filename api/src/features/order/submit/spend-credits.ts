import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PricedCart } from '../../cart/pricing/index.ts';
import { balanceTypeOfCourse } from '../balance-types.ts';
import { spendStoredCredits } from '../credits.ts';

/**
 * Spends the credits the pricing applied: stored balances first; what they do not cover comes from packages
 * bought with this order, which are then credited short by that much when paid.
 */
export async function spendCredits(
  trx: Kysely<Database>,
  { orderId, customerId, priced, now }: { orderId: number; customerId: number | null; priced: PricedCart; now: Date },
) {
  if (customerId === null) return;
  const wanted = new Map<number, number>();
  for (const line of priced.calculation.lines) {
    const typeId = line.itemType === 'course' ? balanceTypeOfCourse(line.courseType) : null;
    if (typeId !== null && line.appliedCredits > 0) wanted.set(typeId, (wanted.get(typeId) ?? 0) + line.appliedCredits);
  }
  for (const [typeId, amount] of wanted) {
    const fromStored = await spendStoredCredits(trx, { customerId, typeId, amount, orderId, now });
    let fromCart = amount - fromStored;
    const purchases = await trx
      .selectFrom('customer_balance_transaction')
      .select(['id', 'amount', 'quantity'])
      .where('order_id', '=', orderId)
      .where('type_id', '=', typeId)
      .orderBy('id')
      .execute();
    for (const purchase of purchases) {
      const use = Math.min(fromCart, purchase.amount * purchase.quantity);
      if (use > 0)
        await trx
          .updateTable('customer_balance_transaction')
          .set({ used_in_order: use })
          .where('id', '=', purchase.id)
          .execute();
      fromCart -= use;
    }
    // The pricing read the balances under the same lock, so they always cover what it applied.
    if (fromCart > 0) throw new Error(`Credits of type ${typeId} short by ${fromCart}`);
  }
}
