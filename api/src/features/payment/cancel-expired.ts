import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { completePayment } from './complete.ts';
import type { PaymentProvider } from './provider.ts';
import { type AlertLog, alertOperator } from './refund-alert.ts';

/**
 * After the hold sweep cancelled an order: cancels its payment at the provider where the provider still allows it,
 * so the buyer cannot pay for places given back (docs/decisions/0001-payment-holds.md), and records it as canceled.
 * Where it is no longer cancelable, the buyer may have paid already and the provider's report of it may never
 * arrive (a webhook URL the provider cannot reach, its retries given up): what the provider says now is recorded
 * through the one completion path, so money for the cancelled order is flagged for refund and alerted at once
 * rather than kept without a trace. A later "paid" is flagged the same way; a report already recorded changes
 * nothing.
 */
export async function cancelPaymentOfExpiredOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  { now, log }: { now: () => Date; log: AlertLog },
): Promise<void> {
  if (!provider.cancelPayment) return;
  const payments = await db
    .selectFrom('payment')
    .select(['id', 'transaction_id'])
    .where('order_id', '=', orderId)
    .where('provider', '=', provider.name)
    .where('status', '=', 'pending')
    .execute();
  for (const payment of payments) {
    if (!payment.transaction_id) continue;
    const cancelled = await provider.cancelPayment(payment.transaction_id);
    if (cancelled === 'not_cancelable') {
      const completion = await completePayment({ db: { kysely: db }, now }, provider, payment.transaction_id);
      if (completion) alertOperator(log, provider.name, payment.transaction_id, completion);
      continue;
    }
    if (cancelled !== 'canceled') continue;
    await db
      .updateTable('payment')
      .set({ status: 'canceled' })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
  }
}
