import { type Balance, CourseType } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The two package contingents (docs/product-rules.md#data Balance / #overview): flexible-learning modules and conversation hours. */
export const balanceTypeIds = [CourseType.flexibleAppointment, CourseType.conversationHours] as const;

/**
 * What is left per type, counting only purchases still valid now (packages last 12 months). Both types are
 * always listed, 0 when there is nothing, so every screen shows the same two lines. Takes a Kysely (or a
 * transaction) so that the cart's pricing can read balances inside the checkout's transaction.
 */
export async function readBalances(db: Kysely<Database>, customerId: number, now: Date): Promise<Balance[]> {
  const instant = now.toISOString();
  const rows = await db
    .selectFrom('customer_balance')
    .select(['type_id', (eb) => eb.fn.sum<number | string>('balance').as('total')])
    .where('customer_id', '=', customerId)
    .where('valid_from', '<=', instant)
    .where('valid_until', '>', instant)
    .groupBy('type_id')
    .execute();
  const totals = new Map(rows.map((row) => [row.type_id, Number(row.total)]));
  return balanceTypeIds.map((typeId) => ({ typeId, balance: totals.get(typeId) ?? 0 }));
}
