import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { refundableCents } from './decide.ts';

/**
 * Records the refund a withdrawal is due (`dueCents`), at most what the shop still holds of the order's payment:
 * money a chargeback took back is the buyer's already (docs/withdrawal-rules.md). Read under the order's lock
 * (lockOrder), so a chargeback recorded meanwhile counts. `refundId` is null when nothing paid could go back.
 */
export async function recordRefund(
  trx: Kysely<Database>,
  {
    orderId,
    declarationId,
    receivedAt,
    dueCents,
  }: {
    orderId: number;
    declarationId: number;
    receivedAt: Date;
    dueCents: number;
  },
): Promise<{ refundCents: number; refundId: number | null }> {
  const payment = await trx
    .selectFrom('payment')
    .select(['provider', 'transaction_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .where('transaction_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const refunded = await trx
    .selectFrom('refund')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), sql<number>`0`).as('total'))
    .where('order_id', '=', orderId)
    // A refund the provider refused gave nothing back.
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  const { charged_back_cents: chargedBackCents } = await trx
    .selectFrom('shop_order')
    .select('charged_back_cents')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const refundCents = refundableCents({
    dueCents,
    paidCents: payment ? payment.amount_cents : null,
    refundedCents: Number(refunded.total),
    chargedBackCents,
  });
  if (!(payment && refundCents > 0)) return { refundCents, refundId: null };
  const instant = receivedAt.toISOString();
  const row = await trx
    .insertInto('refund')
    .values({
      order_id: orderId,
      withdrawal_id: declarationId,
      provider: payment.provider,
      payment_transaction_id: payment.transaction_id!,
      amount_cents: refundCents,
      status: 'pending',
      provider_refund_id: null,
      created_at: instant,
      updated_at: instant,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { refundCents, refundId: row.id };
}
