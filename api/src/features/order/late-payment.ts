import type { LatePayment } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { centsToEuros } from '@shop/shared/money';

/**
 * Money that came for orders already cancelled (`payment.refund_required`, set when a payment arrived after the
 * hold ended): what the school owes back, less a chargeback's share, and when it was refunded in full (the last
 * issued refund), by order (docs/decisions/0135-late-payment-shown-to-the-buyer.md).
 */
export async function latePaymentsOf(db: Kysely<Database>, orderIds: readonly number[]) {
  const byOrder = new Map<number, LatePayment>();
  if (orderIds.length === 0) return byOrder;
  const [flagged, refunds] = await Promise.all([
    db
      .selectFrom('payment')
      .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
      .select(['payment.order_id', 'payment.amount_cents', 'shop_order.charged_back_cents'])
      .where('payment.order_id', 'in', [...orderIds])
      .where('payment.refund_required', '=', 1)
      .where('shop_order.status', '=', 'cancelled')
      .execute(),
    db
      .selectFrom('refund')
      .select(['order_id', 'amount_cents', 'updated_at'])
      .where('order_id', 'in', [...orderIds])
      .where('status', '=', 'issued')
      .orderBy('id')
      .execute(),
  ]);
  const owed = new Map<number, number>();
  for (const row of flagged)
    owed.set(row.order_id, (owed.get(row.order_id) ?? -row.charged_back_cents) + row.amount_cents);
  for (const [orderId, cents] of owed) {
    if (cents <= 0) continue;
    const issued = refunds.filter((refund) => refund.order_id === orderId);
    const refunded = issued.reduce((sum, refund) => sum + refund.amount_cents, 0);
    const last = issued.at(-1);
    byOrder.set(orderId, {
      amount: centsToEuros(cents),
      refundedAt: refunded >= cents && last ? new Date(last.updated_at).toISOString() : null,
    });
  }
  return byOrder;
}
