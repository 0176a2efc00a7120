import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';

export interface IssuedRefund {
  refundId: number;
  orderId: number;
  amountCents: number;
}

/** The key the provider knows one refund by: the same for every attempt, from any process. */
export const refundIdempotencyKey = (refundId: number) => `shop-refund-${refundId}`;

/**
 * Issues the order's pending refunds through the provider (outside any transaction: an HTTP call there would stall
 * other writes). Each goes out under its own idempotency key, so a retry after a timeout, a replayed declaration or
 * a second process gets the provider's first refund back instead of a second one; only the call that moves the row
 * from pending to issued reports it, and `onIssued` (its mail) runs in that move's transaction, so the notice is
 * queued once and never without the move. A failure leaves the row pending for the next try.
 */
export async function issuePendingRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  now: Date,
  description: string,
  onIssued: (trx: Kysely<Database>, refund: IssuedRefund) => Promise<void> = async () => {},
): Promise<IssuedRefund[]> {
  const pending = await db
    .selectFrom('refund')
    .select(['id', 'payment_transaction_id', 'amount_cents', 'provider'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  const issued: IssuedRefund[] = [];
  for (const refund of pending) {
    if (refund.provider !== provider.name) continue;
    const answer = await provider.refund({
      paymentId: refund.payment_transaction_id,
      amountCents: refund.amount_cents,
      description,
      idempotencyKey: refundIdempotencyKey(refund.id),
    });
    const done: IssuedRefund = { refundId: refund.id, orderId, amountCents: refund.amount_cents };
    const moved = await db.transaction().execute(async (trx) => {
      const update = await trx
        .updateTable('refund')
        .set({ status: 'issued', provider_refund_id: answer.id, updated_at: now.toISOString() })
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (update.numUpdatedRows !== 1n) return false;
      await onIssued(trx, done);
      return true;
    });
    if (moved) issued.push(done);
  }
  return issued;
}
