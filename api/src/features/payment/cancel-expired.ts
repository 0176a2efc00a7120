import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { completePayment } from './complete.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { type AlertLog, alertOperator } from './refund-alert.ts';
import { openPaymentCase } from './payment-cases.ts';

/** How long after the last attempt the sweep asks the provider again about a payment of an expired order. */
export const expiredPaymentRetryMs = 60_000;
/**
 * How long after its hold ended a payment is still asked about: Mollie ends an open payment by itself well within
 * this (bank transfer, the longest, after its due date of days), so nothing older can still turn into money.
 */
const expiredPaymentMaxAgeMs = 30 * 24 * 3_600_000;
/** At most this many payments asked about per sweep, so that a slow provider cannot hold up the sweep itself. */
const retryBatchSize = 20;

interface PendingPayment {
  id: number;
  transaction_id: string | null;
  updated_at: string;
}

interface Options {
  now: () => Date;
  log: AlertLog;
}

/**
 * Asks the provider to cancel one still-pending payment whose order's hold ended, where it still allows it, so the
 * buyer cannot pay for places given back (docs/decisions/0001-payment-holds.md), and records it as canceled.
 * Where it is no longer cancelable, the buyer may have paid already and the provider's report of it may never
 * arrive (a webhook URL the provider cannot reach, its retries given up): what the provider says now is recorded
 * through the one completion path, so money for the cancelled order is flagged for refund and alerted at once
 * rather than kept without a trace. The attempt is claimed first (`updated_at` moves to now, only if no one else
 * moved it since it was read), so two processes never ask about one payment at once and a failed attempt waits
 * `expiredPaymentRetryMs` for the next. A provider failure is thrown: the payment stays pending and is asked about
 * again by a later sweep (askAgainAboutExpiredPayments).
 */
async function askAboutPayment(
  db: Kysely<Database>,
  provider: PaymentProvider & Required<Pick<PaymentProvider, 'cancelPayment'>>,
  payment: PendingPayment,
  { now, log }: Options,
): Promise<void> {
  if (!payment.transaction_id) return;
  const claimed = await db
    .updateTable('payment')
    .set({ updated_at: now().toISOString() })
    .where('id', '=', payment.id)
    .where('status', '=', 'pending')
    .where('updated_at', '=', payment.updated_at)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return;
  const cancelled = await provider.cancelPayment(payment.transaction_id);
  if (cancelled === 'not_cancelable') {
    const completion = await completePayment({ db: { kysely: db }, now }, provider, payment.transaction_id);
    if (completion) {
      alertOperator(log, provider.name, payment.transaction_id, completion);
      await openPaymentCase(db, provider.name, payment.transaction_id, completion, now());
    }
    return;
  }
  // 'unknown': the provider has no such payment, so nothing can be paid through it either.
  await db
    .updateTable('payment')
    .set({ status: 'canceled' })
    .where('id', '=', payment.id)
    .where('status', '=', 'pending')
    .execute();
}

const cancels = (
  provider: PaymentProvider,
): provider is PaymentProvider & Required<Pick<PaymentProvider, 'cancelPayment'>> => Boolean(provider.cancelPayment);

/**
 * After the hold sweep cancelled an order: asks the provider about its still-pending payments at once (see
 * askAboutPayment). Throws when the provider cannot be reached; the sweep asks again later.
 */
export async function cancelPaymentOfExpiredOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  options: Options,
): Promise<void> {
  if (!cancels(provider)) return;
  const payments = await db
    .selectFrom('payment')
    .select(['id', 'transaction_id', 'updated_at'])
    .where('order_id', '=', orderId)
    .where('provider', '=', provider.name)
    .where('status', '=', 'pending')
    .execute();
  for (const payment of payments) await askAboutPayment(db, provider, payment, options);
}

/**
 * The payments the shop still knows nothing final about although their order's hold ended: pending at the
 * provider's last answer, or never answered (the provider was down or slow when the hold ended, or the process
 * stopped before asking). Each is asked about again once `expiredPaymentRetryMs` passed since the last attempt,
 * until the provider answers with something final (canceled, paid, failed, expired) or the payment is older than
 * any the provider still keeps open. Stops at the first provider failure (thrown), so that an outage costs one
 * timeout per sweep, not one per payment.
 */
export async function askAgainAboutExpiredPayments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  options: Options,
): Promise<void> {
  if (!cancels(provider)) return;
  const at = options.now().getTime();
  const due = await db
    .selectFrom('payment')
    .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
    .select(['payment.id', 'payment.transaction_id', 'payment.updated_at'])
    .where('payment.provider', '=', provider.name)
    .where('payment.status', '=', 'pending')
    .where('payment.transaction_id', 'is not', null)
    .where('payment.updated_at', '<=', new Date(at - expiredPaymentRetryMs).toISOString())
    .where('shop_order.status', '=', 'cancelled')
    .where('shop_order.cancel_reason', '=', 'hold_expired')
    .where('shop_order.hold_expires_at', '>=', new Date(at - expiredPaymentMaxAgeMs).toISOString())
    .orderBy('payment.updated_at')
    .limit(retryBatchSize)
    .execute();
  for (const payment of due) await askAboutPayment(db, provider, payment, options);
}
