import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * After the hold sweep cancelled an order: cancels its payment at the provider where the provider still allows it,
 * so the buyer cannot pay for places given back (docs/decisions/0001-payment-holds.md), and records it as canceled.
 * Where it is no longer cancelable, nothing changes here: a later "paid" is recorded and flagged for refund.
 */
export async function cancelPaymentOfExpiredOrder(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
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
    if ((await provider.cancelPayment(payment.transaction_id)) !== 'canceled') continue;
    await db
      .updateTable('payment')
      .set({ status: 'canceled' })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
  }
}
