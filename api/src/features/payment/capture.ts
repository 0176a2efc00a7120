import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { openCase } from '../cases/open.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';

/** From this failed attempt on, a capture is a case for a person. */
export const captureCaseAttempts = 3;

/** The wait before the next attempt after the n-th one: one minute, doubling, at most an hour. */
function captureRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type CaptureResult = 'captured' | 'failed' | 'not_due';

export interface CaptureOptions {
  db: Kysely<Database>;
  provider: PaymentProvider;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Counts each attempt's result (the shop's metric). */
  onResult?: (result: Exclude<CaptureResult, 'not_due'>) => void;
}

/**
 * One attempt at the due capture of one payment row (docs/decisions/0039-capture-authorized-payments.md). The
 * attempt is claimed first by a conditional update that moves the row's next attempt into the future, so that the
 * webhook and the job, in one process or several, never try one capture at the same time; the provider call runs
 * outside any transaction, under a key that is the same for every attempt, and the provider answers a payment
 * captured before with that capture. A failure stays due, with its error, for the job's next attempt; it is logged
 * under a fixed `alert` value for log monitoring.
 */
export async function captureDuePayment(
  { db, provider, now, log, onResult }: CaptureOptions,
  paymentRowId: number,
): Promise<CaptureResult> {
  const at = now();
  const row = await db
    .selectFrom('payment')
    .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
    .select([
      'payment.transaction_id',
      'payment.amount_cents',
      'payment.capture_attempts',
      'payment.capture_next_at',
      'shop_order.increment_id',
      'shop_order.id as order_id',
    ])
    .where('payment.id', '=', paymentRowId)
    .where('payment.provider', '=', provider.name)
    .where('payment.capture_status', '=', 'due')
    .where('payment.capture_next_at', '<=', at.toISOString())
    .executeTakeFirst();
  if (!row?.transaction_id || !row.capture_next_at || !provider.capturePayment) return 'not_due';
  const attempt = row.capture_attempts + 1;
  const claimed = await db
    .updateTable('payment')
    .set({
      capture_attempts: attempt,
      capture_next_at: new Date(at.getTime() + captureRetryDelayMs(attempt)).toISOString(),
    })
    .where('id', '=', paymentRowId)
    .where('capture_status', '=', 'due')
    .where('capture_next_at', '=', row.capture_next_at)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return 'not_due';
  try {
    const capture = await provider.capturePayment({
      paymentId: row.transaction_id,
      amountCents: row.amount_cents,
      idempotencyKey: `capture-${provider.name}-${row.transaction_id}`,
    });
    // The provider's webhook for the captured payment may have marked it captured already.
    await db
      .updateTable('payment')
      .set({ capture_status: 'captured', capture_id: capture.id, capture_error: null, capture_next_at: null })
      .where('id', '=', paymentRowId)
      .where('capture_status', 'in', ['due', 'captured'])
      .execute();
    log.info({ orderNumber: row.increment_id, captureId: capture.id }, 'Payment captured');
    onResult?.('captured');
    return 'captured';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('payment')
      .set({ capture_error: message.slice(0, 500) })
      .where('id', '=', paymentRowId)
      .where('capture_status', '=', 'due')
      .execute();
    log.error(
      {
        alert: 'CAPTURE_FAILED',
        orderNumber: row.increment_id,
        provider: provider.name,
        providerPaymentId: row.transaction_id,
        attempt,
        err: error,
      },
      `CAPTURE FAILED: ${provider.name} payment ${row.transaction_id} of order ${row.increment_id} (attempt ${attempt}); tried again later`,
    );
    // A capture that keeps failing needs a person (the money may lapse): one case, from the third attempt on.
    if (attempt >= captureCaseAttempts)
      await openCase(
        db,
        {
          kind: 'capture_failing',
          causeKey: `capture_failing:payment:${paymentRowId}`,
          orderId: row.order_id,
          paymentId: paymentRowId,
          amountCents: row.amount_cents,
          note: `Capture of ${provider.name} payment ${row.transaction_id} (order ${row.increment_id}) failed ${attempt} times: ${message.slice(0, 300)}`,
        },
        at,
      );
    onResult?.('failed');
    return 'failed';
  }
}

/**
 * The due captures as a job of the job runner: every `everyMs`, one process at a time, each due payment row in
 * turn (a first attempt failed or was never made because the process stopped).
 */
export function captureJob({ everyMs, ...options }: CaptureOptions & { everyMs: number }): JobDefinition {
  return {
    name: 'payment-captures',
    everyMs,
    async run(signal) {
      const due = await options.db
        .selectFrom('payment')
        .select('id')
        .where('provider', '=', options.provider.name)
        .where('capture_status', '=', 'due')
        .where('capture_next_at', '<=', options.now().toISOString())
        .orderBy('capture_next_at')
        .limit(100)
        .execute();
      for (const { id } of due) {
        if (signal.aborted) return;
        await captureDuePayment(options, id);
      }
    },
  };
}
