import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { refundIssued, refundRefused } from '../cases/refund-events.ts';
import { type PaymentProvider, PaymentRefusedError } from '../payment-provider/provider.ts';
import { inTransaction } from '../../db/database.ts';

export interface IssuedRefund {
  refundId: number;
  orderId: number;
  amountCents: number;
}

/** The key the provider knows one refund by: the same for every attempt, from any process. */
export const refundIdempotencyKey = (refundId: number) => `shop-refund-${refundId}`;

/**
 * Issues the order's pending refunds through the provider (outside any transaction: an HTTP call there would stall
 * other writes): a withdrawal's and the owner's (refundOrder) alike, one path. Each goes out under its own
 * idempotency key, so a retry after a timeout, a replayed declaration or a second process gets the provider's first
 * refund back instead of a second one; only the call that moves the row from pending to issued reports it, and
 * `onIssued` (its mail) and the shop's own follow-up (refundIssued: case, order, invoice hook) run in that move's
 * transaction, so each happens once and never without the move. A refund the provider refuses is marked failed with
 * its reason and opens a case; any other failure leaves the row pending for the next try (and is thrown).
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
    const done: IssuedRefund = { refundId: refund.id, orderId, amountCents: refund.amount_cents };
    let answer: { id: string };
    try {
      answer = await provider.refund({
        paymentId: refund.payment_transaction_id,
        amountCents: refund.amount_cents,
        description,
        idempotencyKey: refundIdempotencyKey(refund.id),
      });
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      await inTransaction(db, (trx) => refundRefused(trx, done, error.message, now));
      continue;
    }
    const moved = await inTransaction(db, async (trx) => {
      const update = await trx
        .updateTable('refund')
        .set({ status: 'issued', provider_refund_id: answer.id, updated_at: now.toISOString() })
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (update.numUpdatedRows !== 1n) return false;
      await onIssued(trx, done);
      await refundIssued(trx, done, now);
      return true;
    });
    if (moved) issued.push(done);
  }
  return issued;
}
