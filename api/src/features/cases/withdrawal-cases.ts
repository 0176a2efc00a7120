import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueWithdrawalNotice } from '../school-notices/notices.ts';
import { openCase } from './open.ts';

export interface WithdrawalDecision {
  declarationId: number;
  receiptNumber: string;
  orderNumber: string;
  orderId: number | null;
  outcome: 'withdrawn' | 'review' | 'awaiting_confirmation';
  reason: string | null;
  refundCents: number;
}

/**
 * What became of a declaration, in the transaction that decided it: stored beside the (append-only) declaration,
 * the school told, and one that needs the school's decision opened as a case with the order's amount at stake.
 */
export async function recordWithdrawalDecision(
  trx: Kysely<Database>,
  decision: WithdrawalDecision,
  now: Date,
): Promise<void> {
  const values = {
    order_id: decision.orderId,
    outcome: decision.outcome,
    reason: decision.reason,
    decided_at: now.toISOString(),
  };
  await trx
    .insertInto('withdrawal_decision')
    .values({ declaration_id: decision.declarationId, ...values })
    .onConflict((oc) => oc.column('declaration_id').doUpdateSet(values))
    .execute();
  await queueWithdrawalNotice(trx, decision, now);
  if (decision.outcome !== 'review') return;
  const order =
    decision.orderId === null
      ? undefined
      : await trx
          .selectFrom('shop_order')
          .select('total_price_cents')
          .where('id', '=', decision.orderId)
          .executeTakeFirst();
  await openCase(
    trx,
    {
      kind: 'withdrawal_review',
      causeKey: `withdrawal_review:declaration:${decision.declarationId}`,
      orderId: decision.orderId,
      withdrawalId: decision.declarationId,
      amountCents: order?.total_price_cents ?? 0,
      note: `Withdrawal ${decision.receiptNumber} for order number "${decision.orderNumber}" needs the school's decision: ${decision.reason ?? 'review'}`,
    },
    now,
  );
}
