import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cancelPendingOrder } from './cancel.ts';

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
export async function sweepExpiredHolds(db: Kysely<Database>, now: Date, { batchSize = 100 } = {}): Promise<ExpiredOrder[]> {
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
      if (await db.transaction().execute((trx) => cancelPendingOrder(trx, order.id, 'hold_expired'))) {
        cancelled.push({ orderId: order.id, incrementId: order.increment_id });
        moved++;
      }
    }
    // A full batch that another process took entirely is no reason to stop; one where nothing moved is.
    if (due.length < batchSize || moved === 0) return cancelled;
  }
}

export interface HoldSweepOptions {
  db: Kysely<Database>;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Called after a sweep cancelled something (cached free places are stale then). */
  onCancelled: (orders: ExpiredOrder[]) => void;
}

/**
 * Runs the sweep at once and then every `intervalMs` (never two runs of one process at a time) until stopped;
 * `stop` waits for a run in progress, so the database can be closed right after. A failing run is logged and
 * the next one tries again.
 */
export function startHoldSweep({ db, now, intervalMs, log, onCancelled }: HoldSweepOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const cancelled = await sweepExpiredHolds(db, now());
      for (const order of cancelled) {
        log.info({ event: 'hold_expired', orderNumber: order.incrementId }, `Payment hold expired: order ${order.incrementId} cancelled, its places, credits and codes released`);
      }
      if (cancelled.length > 0) onCancelled(cancelled);
    } catch (error) {
      log.error({ err: error }, 'Payment hold sweep failed; trying again at the next interval');
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = run().finally(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, delay);
    // The sweep alone must not keep a process alive that is otherwise done.
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
