import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { cancelPendingOrder } from './cancel.ts';
import { inTransaction } from '../../db/database.ts';

export interface ExpiredOrder {
  orderId: number;
  incrementId: string;
}

/**
 * Cancels the orders still waiting for their payment whose hold has ended by `now` (docs/decisions/
 * 0001-payment-holds.md), releasing what each held; an order without a recorded hold counts as ended. One
 * transaction per order, its first statement the conditional status update of cancelPendingOrder, so several
 * processes sweeping one database at once cancel (and release) each order exactly once: the others find it moved.
 * The payment row stays `pending`, so money the provider still reports as paid is recorded and flagged for refund.
 * Returns the orders this call cancelled.
 */
export async function sweepExpiredHolds(
  db: Kysely<Database>,
  now: Date,
  { batchSize = 100 } = {},
): Promise<ExpiredOrder[]> {
  const cancelled: ExpiredOrder[] = [];
  for (;;) {
    const due = await db
      .selectFrom('shop_order')
      .select(['id', 'increment_id'])
      .where('status', 'in', ['pending', 'payment_pending'])
      .where((eb) => eb.or([eb('hold_expires_at', 'is', null), eb('hold_expires_at', '<=', now.toISOString())]))
      .orderBy('id')
      .limit(batchSize)
      .execute();
    let moved = 0;
    for (const order of due) {
      if (await inTransaction(db, (trx) => cancelPendingOrder(trx, order.id, 'hold_expired'))) {
        cancelled.push({ orderId: order.id, incrementId: order.increment_id });
        moved++;
      }
    }
    // A full batch that another process took entirely is no reason to stop; one where nothing moved is.
    if (due.length < batchSize || moved === 0) return cancelled;
  }
}

export interface HoldSweepJobOptions {
  db: Kysely<Database>;
  now: () => Date;
  everyMs: number;
  log: FastifyBaseLogger;
  /** Called after a sweep cancelled something (cached free places are stale then). */
  onCancelled: (orders: ExpiredOrder[]) => void;
  /** Asked to cancel the provider's payment of each order cancelled, so the buyer cannot pay after the hold. */
  cancelProviderPayment?: (orderId: number) => Promise<void>;
  /**
   * Asks the provider again about payments of orders whose hold ended that it has not answered about finally (it was
   * down when the hold ended, say): payment/cancel-expired.ts.
   */
  askAgainAboutPayments?: () => Promise<void>;
}

/**
 * The sweep as a job of the job runner (jobs/runner.ts): every `everyMs`, in every process. After each order
 * it cancelled, the provider's payment is cancelled too where the provider allows it (docs/decisions/
 * 0001-payment-holds.md); where it does not, a later "paid" is recorded and flagged for refund. Where the provider
 * cannot be reached, the order stays cancelled (its hold is the limit) and its payment is asked about again by a
 * later run, until the provider answers (docs/decisions/0069-payment-integrity.md); one failure ends the run's
 * provider calls, so an outage costs each run one timeout, not one per order.
 */
export function holdSweepJob({
  db,
  now,
  everyMs,
  log,
  onCancelled,
  cancelProviderPayment,
  askAgainAboutPayments,
}: HoldSweepJobOptions): JobDefinition {
  return {
    name: 'payment-hold-sweep',
    everyMs,
    // Every process sweeps: each order is its own conditional update (cancelled once whoever finds it), and a
    // claim row written every few seconds would contend with orders for SQLite's one write lock.
    concurrency: 'each',
    async run() {
      const cancelled = await sweepExpiredHolds(db, now());
      for (const order of cancelled) {
        log.info(
          { event: 'hold_expired', orderNumber: order.incrementId },
          `Payment hold expired: order ${order.incrementId} cancelled, its places, credits and codes released`,
        );
      }
      if (cancelled.length > 0) onCancelled(cancelled);
      for (const order of cancelProviderPayment ? cancelled : []) {
        try {
          await cancelProviderPayment?.(order.orderId);
        } catch (error) {
          log.warn(
            { err: error, orderNumber: order.incrementId },
            `Payment of expired order ${order.incrementId} could not be cancelled at the provider; asked again on a later run`,
          );
          return;
        }
      }
      await askAgainAboutPayments?.().catch((error: unknown) =>
        log.warn(
          { err: error },
          'The payment provider could not be asked about payments of expired orders; asked again on a later run',
        ),
      );
    },
  };
}
