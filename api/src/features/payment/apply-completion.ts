import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import { queueOrderConfirmation } from '../order/confirmation.ts';
import { creditPackages } from '../order/credits.ts';
import { queueOrderPaidNotice } from '../school-notices/notices.ts';
import { issueOrderInvoice } from '../invoice/issue.ts';
import type { CompletionOutcome, PaymentDecision } from './next-state.ts';

/** The payment row and its order as the completion read them, inside its transaction. */
export interface PaymentRow {
  id: number;
  status: string;
  order_id: number;
  customer_id: number | null;
  cancel_reason: string | null;
}

/** What the completion ended in, once its writes are done. */
export interface Applied {
  outcome: CompletionOutcome;
  /** The payment's status after the completion. */
  paymentStatus: string;
  cancelReason: string | null;
}

/**
 * Performs `decision`'s writes on `trx` (the completion's transaction). Writes that depend on the order still being
 * open are conditional: when the hold sweep cancelled it meanwhile, the cancellation stands and the outcome says so.
 */
export async function applyPaymentDecision(
  trx: Kysely<Database>,
  row: PaymentRow,
  decision: PaymentDecision,
  now: Date,
): Promise<Applied> {
  const applied = (outcome: CompletionOutcome, paymentStatus = row.status, cancelReason = row.cancel_reason) => ({
    outcome,
    paymentStatus,
    cancelReason,
  });
  const payment = trx.updateTable('payment').where('id', '=', row.id);
  switch (decision.kind) {
    case 'keep':
      return applied(decision.outcome);
    case 'record_chargeback': {
      await trx
        .updateTable('shop_order')
        .set({ charged_back_cents: decision.chargedBackCents, charged_back_at: now.toISOString() })
        .where('id', '=', row.order_id)
        .execute();
      let cancelReason = row.cancel_reason;
      if (decision.payment === 'finish_capture') {
        await payment
          .set({ status: 'paid', capture_status: 'captured', capture_next_at: null })
          .where('capture_status', '=', 'due')
          .execute();
      } else if (decision.payment === 'take_unbooked') {
        if (await cancelPendingOrder(trx, row.order_id, 'payment_failed')) cancelReason = 'payment_failed';
        await payment
          .set({ status: 'paid', refund_required: decision.refundRequired ? 1 : 0 })
          .where('status', '=', row.status)
          .execute();
      }
      return applied('charged_back', 'paid', cancelReason);
    }
    case 'settle_capture':
      await payment
        .set({
          status: decision.status,
          capture_status: decision.captured ? 'captured' : 'lapsed',
          capture_next_at: null,
        })
        .where('capture_status', '=', 'due')
        .execute();
      return applied(decision.captured ? 'captured' : 'authorization_lapsed', decision.status);
    case 'flag_late_money': {
      const flagged = await payment
        .set({ status: 'paid', refund_required: 1 })
        .where('status', '=', row.status)
        .executeTakeFirst();
      return flagged.numUpdatedRows === 1n ? applied('refund_required', 'paid') : applied('unchanged');
    }
    case 'cancel_order': {
      await payment.set({ status: decision.status }).where('status', '=', 'pending').execute();
      const cancelled = await cancelPendingOrder(trx, row.order_id, decision.reason);
      return cancelled ? applied('cancelled', decision.status, decision.reason) : applied('unchanged', decision.status);
    }
    case 'book_order':
      return bookOrder(trx, row, decision.authorized, now);
  }
}

async function bookOrder(trx: Kysely<Database>, row: PaymentRow, authorized: boolean, now: Date): Promise<Applied> {
  // A conditional update: when the hold sweep (of any process) cancelled the order meanwhile, that stands.
  const moved = await trx
    .updateTable('shop_order')
    .set({ status: 'paid' })
    .where('id', '=', row.order_id)
    .where('status', 'in', ['pending', 'payment_pending'])
    .executeTakeFirst();
  const orderPaid = moved.numUpdatedRows === 1n;
  // An authorized payment counts as paid for the booking; whether its money is taken is the capture's status.
  // One for a cancelled order is not captured: recorded as canceled, nothing to refund.
  await trx
    .updateTable('payment')
    .set(
      authorized
        ? orderPaid
          ? { status: 'paid', capture_status: 'due', capture_next_at: now.toISOString() }
          : { status: 'canceled' }
        : { status: 'paid', refund_required: orderPaid ? 0 : 1 },
    )
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  if (!orderPaid) {
    // Read again: the cancellation may have been committed after the first read.
    const order = await trx
      .selectFrom('shop_order')
      .select('cancel_reason')
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    return authorized
      ? { outcome: 'not_captured', paymentStatus: 'authorized', cancelReason: order.cancel_reason }
      : { outcome: 'refund_required', paymentStatus: 'paid', cancelReason: order.cancel_reason };
  }
  await recordPaidOrder(trx, row, now);
  const status = authorized ? 'authorized' : 'paid';
  return { outcome: status, paymentStatus: status, cancelReason: row.cancel_reason };
}

/** What a paid order sets going, in the transaction that moved it to paid. */
async function recordPaidOrder(trx: Kysely<Database>, row: PaymentRow, now: Date): Promise<void> {
  await creditPackages(trx, { orderId: row.order_id, customerId: row.customer_id, now });
  // The invoice's number is taken here, with the move to paid, so the series stays gap-free
  // (docs/decisions/0116-invoices-issued-with-the-payment.md).
  await issueOrderInvoice(trx, row.order_id, now);
  await queueOrderConfirmation(trx, row.order_id, now);
  await queueOrderPaidNotice(trx, row.order_id, now);
}
