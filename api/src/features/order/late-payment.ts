import type { LatePayment } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { centsToEuros } from '@shop/shared/money';

/** A payment flagged for refund (`payment.refund_required`: it came after its order was cancelled). */
interface FlaggedPayment {
  orderId: number;
  amountCents: number;
  /** What a chargeback took back of the order (the school owes that part no more). */
  chargedBackCents: number;
}

/** Whether a payment row of a cancelled order is money that came too late (complete.ts flags it). */
export const isFlaggedLate = (payment: { refund_required: number }, order: { status: string }) =>
  payment.refund_required === 1 && order.status === 'cancelled';

/** The flagged payments of some orders, read from the database (when the caller has not loaded them already). */
export async function flaggedPaymentsOf(db: Kysely<Database>, orderIds: readonly number[]): Promise<FlaggedPayment[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('payment')
    .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
    .select(['payment.order_id', 'payment.amount_cents', 'shop_order.charged_back_cents'])
    .where('payment.order_id', 'in', [...orderIds])
    .where('payment.refund_required', '=', 1)
    .where('shop_order.status', '=', 'cancelled')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    amountCents: row.amount_cents,
    chargedBackCents: row.charged_back_cents,
  }));
}

/**
 * What the school owes back for money that came after an order was cancelled, less a chargeback's share, and when
 * it was refunded in full (the last issued refund), by order (docs/decisions/0135-late-payment-shown-to-the-buyer.md).
 * No query when nothing is flagged, which is nearly always.
 */
export async function latePaymentsOf(
  db: Kysely<Database>,
  flagged: readonly FlaggedPayment[],
): Promise<Map<number, LatePayment>> {
  const byOrder = new Map<number, LatePayment>();
  const owed = new Map<number, number>();
  for (const row of flagged) owed.set(row.orderId, (owed.get(row.orderId) ?? -row.chargedBackCents) + row.amountCents);
  if (owed.size === 0) return byOrder;
  const refunds = await db
    .selectFrom('refund')
    .select(['order_id', 'amount_cents', 'updated_at'])
    .where('order_id', 'in', [...owed.keys()])
    .where('status', '=', 'issued')
    .orderBy('id')
    .execute();
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
