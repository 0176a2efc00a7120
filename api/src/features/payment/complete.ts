import type { OrderCancelReason } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import { queueOrderConfirmation } from '../order/confirmation.ts';
import { creditPackages } from '../order/credits.ts';
import { queueOrderPaidNotice } from '../school-notices/notices.ts';
import { issueOrderInvoice } from '../invoice/issue.ts';
import { type PaymentProvider, type ProviderPaymentStatus, shopCurrency } from '../payment-provider/provider.ts';

export type CompletionOutcome =
  /** The order moved to paid (first time only). */
  | 'paid'
  /** The payment was authorized (Klarna): the order moved to paid like 'paid', and its capture is due. */
  | 'authorized'
  /** The provider reports a due capture's money as paid: the capture is done. */
  | 'captured'
  /** An authorization arrived for an order already cancelled: nothing is captured, the authorization is released. */
  | 'not_captured'
  /** An authorized payment failed, was canceled or expired before its capture: the order is booked, the money is not. */
  | 'authorization_lapsed'
  /** The order was cancelled and released what it held. */
  | 'cancelled'
  /** Money arrived for an order already cancelled: recorded, flagged for refund. */
  | 'refund_required'
  /** Nothing changed: still pending, a replay, or a status that would move backwards. */
  | 'unchanged'
  /**
   * The provider reports a new chargeback amount on a paid payment: recorded on the order, nothing booked. An order
   * still waiting is cancelled (its money went back); a booked one stays booked for the operator to decide.
   */
  | 'charged_back'
  /**
   * The provider reports paid or authorized an amount or currency other than the order owes: the order is not
   * booked and keeps its places until its hold ends; the operator is alerted (docs/decisions/0069-payment-integrity.md).
   */
  | 'amount_mismatch';

/** Why the order is cancelled when its payment ends without money. */
const cancelReasons = {
  failed: 'payment_failed',
  canceled: 'payment_canceled',
  expired: 'payment_expired',
} as const satisfies Record<Exclude<ProviderPaymentStatus, 'pending' | 'authorized' | 'paid'>, OrderCancelReason>;

export interface Completion {
  outcome: CompletionOutcome;
  /** The shop's payment row. */
  paymentRowId: number;
  orderId: number;
  incrementId: string;
  email: string;
  /** The payment's status after this call. */
  paymentStatus: ProviderPaymentStatus;
  /** What the order owes (the payment row's amount, in the shop's currency). */
  amountCents: number;
  /** What the provider reports for the payment (for the operator: the money to refund is this). */
  reportedStatus: ProviderPaymentStatus;
  reportedAmountCents: number;
  reportedCurrency: string;
  /** What the provider reports charged back of the payment (0: nothing). */
  chargedBackCents: number;
  /** Why the order was cancelled, when it is (for the operator's log of a refund). */
  cancelReason: OrderCancelReason | null;
}

/**
 * The one completion path for a payment, shared by the provider's webhook and the browser's return from the
 * provider's page. Null for a payment the shop does not know (it never recorded it, or the provider does not know
 * it). It asks the provider for the payment's status (never trusting a request body), then, in one
 * transaction: a payment moves only forward from pending; paid moves the order to paid and credits packages and queues the confirmation mail; a
 * failed, canceled or expired payment cancels the order and releases what it held; money for an order already
 * cancelled is recorded and flagged for refund. Replays find the payment no longer pending and change nothing.
 * Money that is not what the order owes (another amount or currency) books nothing: the order waits out its hold,
 * and the caller alerts the operator (docs/decisions/0069-payment-integrity.md).
 * `authorized` books the order as paid does and marks its capture due (capture.ts creates it, outside this
 * transaction); the provider's later report on that payment settles the capture
 * (docs/decisions/0039-capture-authorized-payments.md).
 */
export async function completePayment(
  ctx: { db: Pick<AppContext['db'], 'kysely'>; now: AppContext['now'] },
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<Completion | null> {
  // An id the shop never recorded is not asked about: the webhook cannot be used to make the shop call its provider.
  const known = await ctx.db.kysely
    .selectFrom('payment')
    .select('id')
    .where('provider', '=', provider.name)
    .where('transaction_id', '=', providerPaymentId)
    .executeTakeFirst();
  if (!known) return null;
  const reported = await provider.fetchPayment(providerPaymentId);
  if (!reported) return null;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // Claim the payment row first: concurrent calls for one payment queue here (PostgreSQL row lock).
    await trx
      .updateTable('payment')
      .set({ updated_at: now.toISOString() })
      .where('provider', '=', provider.name)
      .where('transaction_id', '=', providerPaymentId)
      .execute();
    const payment = await trx
      .selectFrom('payment')
      .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
      .select([
        'payment.id',
        'payment.status',
        'payment.amount_cents',
        'payment.capture_status',
        'shop_order.id as order_id',
        'shop_order.increment_id',
        'shop_order.email',
        'shop_order.customer_id',
        'shop_order.status as order_status',
        'shop_order.cancel_reason',
        'shop_order.charged_back_cents',
      ])
      .where('payment.provider', '=', provider.name)
      .where('payment.transaction_id', '=', providerPaymentId)
      .executeTakeFirst();
    if (!payment) return null;
    const result = (
      outcome: CompletionOutcome,
      paymentStatus: string,
      cancelReason = payment.cancel_reason,
    ): Completion => ({
      outcome,
      paymentRowId: payment.id,
      orderId: payment.order_id,
      incrementId: payment.increment_id,
      email: payment.email,
      paymentStatus: paymentStatus as ProviderPaymentStatus,
      amountCents: payment.amount_cents,
      reportedStatus: reported.status,
      reportedAmountCents: reported.amountCents,
      reportedCurrency: reported.currency,
      chargedBackCents: reported.chargedBackCents,
      cancelReason: cancelReason as OrderCancelReason | null,
    });
    if (reported.status === 'pending') return result('unchanged', payment.status);
    if (reported.status === 'paid' && reported.chargedBackCents !== payment.charged_back_cents) {
      // A chargeback (Mollie calls the webhook again, the payment stays paid): recorded on the order, whatever the
      // payment row says, and never a reason to book anything (docs/decisions/0069-payment-integrity.md).
      await trx
        .updateTable('shop_order')
        .set({ charged_back_cents: reported.chargedBackCents, charged_back_at: now.toISOString() })
        .where('id', '=', payment.order_id)
        .execute();
      let cancelReason = payment.cancel_reason;
      if (payment.capture_status === 'due') {
        // Captured (the report of it missed), then charged back: the capture is done all the same.
        await trx
          .updateTable('payment')
          .set({ status: 'paid', capture_status: 'captured', capture_next_at: null })
          .where('id', '=', payment.id)
          .where('capture_status', '=', 'due')
          .execute();
      } else if (payment.status !== 'paid') {
        // The first the shop hears of this money already has (some of) it taken back: it books nothing. An order
        // still waiting is cancelled and gives back its places; what the chargeback left is flagged for refund.
        if (await cancelPendingOrder(trx, payment.order_id, 'payment_failed')) cancelReason = 'payment_failed';
        await trx
          .updateTable('payment')
          .set({
            status: 'paid',
            refund_required: reported.chargedBackCents < reported.amountCents ? 1 : 0,
          })
          .where('id', '=', payment.id)
          .where('status', '=', payment.status)
          .execute();
      }
      return result('charged_back', 'paid', cancelReason);
    }
    if (payment.capture_status === 'due') {
      if (reported.status === 'authorized') return result('unchanged', payment.status);
      // Captured (by the shop's capture or at the provider's dashboard), or the authorization ended uncaptured.
      const captured = reported.status === 'paid';
      await trx
        .updateTable('payment')
        .set({ status: reported.status, capture_status: captured ? 'captured' : 'lapsed', capture_next_at: null })
        .where('id', '=', payment.id)
        .where('capture_status', '=', 'due')
        .execute();
      return result(captured ? 'captured' : 'authorization_lapsed', reported.status);
    }
    if (payment.status !== 'pending') {
      // Money for a payment the shop had given up on, whose order is cancelled: an authorization it did not capture
      // (the hold had ended) that the provider captured anyway (automatic capture, the dashboard), its release
      // having failed. Nothing books it; it is recorded and flagged for refund, once (replays find it paid).
      if (reported.status === 'paid' && payment.order_status === 'cancelled' && payment.status !== 'paid') {
        const flagged = await trx
          .updateTable('payment')
          .set({ status: 'paid', refund_required: 1 })
          .where('id', '=', payment.id)
          .where('status', '=', payment.status)
          .executeTakeFirst();
        if (flagged.numUpdatedRows === 1n) return result('refund_required', 'paid');
      }
      return result('unchanged', payment.status);
    }
    // Money that is not what the order owes never books it: nothing changes while the order waits, so its places
    // stay held until its hold ends, and the caller alerts the operator. Once the order is cancelled (its hold
    // ended), the money is flagged for refund below like any that came too late, whatever its amount. A payment that
    // ended without money cancels the order whatever amount it names.
    const owed = reported.amountCents === payment.amount_cents && reported.currency === shopCurrency;
    if (
      !owed &&
      (reported.status === 'paid' || reported.status === 'authorized') &&
      payment.order_status !== 'cancelled'
    )
      return result('amount_mismatch', payment.status);

    if (reported.status !== 'paid' && reported.status !== 'authorized') {
      await trx
        .updateTable('payment')
        .set({ status: reported.status })
        .where('id', '=', payment.id)
        .where('status', '=', 'pending')
        .execute();
      const reason = cancelReasons[reported.status];
      const cancelled = await cancelPendingOrder(trx, payment.order_id, reason);
      return cancelled ? result('cancelled', reported.status, reason) : result('unchanged', reported.status);
    }
    // The order moves to paid only while it is still open: a conditional update, so that when the hold sweep (of
    // this or another process) cancelled it meanwhile, the cancellation stands and the money is flagged instead.
    const moved = await trx
      .updateTable('shop_order')
      .set({ status: 'paid' })
      .where('id', '=', payment.order_id)
      .where('status', 'in', ['pending', 'payment_pending'])
      .executeTakeFirst();
    const orderPaid = moved.numUpdatedRows === 1n;
    const authorized = reported.status === 'authorized';
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
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
    if (!orderPaid) {
      // Read again: the cancellation may have been committed after the first read.
      const order = await trx
        .selectFrom('shop_order')
        .select('cancel_reason')
        .where('id', '=', payment.order_id)
        .executeTakeFirstOrThrow();
      return authorized
        ? result('not_captured', 'authorized', order.cancel_reason)
        : result('refund_required', 'paid', order.cancel_reason);
    }
    await creditPackages(trx, { orderId: payment.order_id, customerId: payment.customer_id, now });
    // The invoice's number is taken here, with the move to paid, so the series stays gap-free
    // (docs/decisions/0116-invoices-issued-with-the-payment.md).
    await issueOrderInvoice(trx, payment.order_id, now);
    await queueOrderConfirmation(trx, payment.order_id, now);
    await queueOrderPaidNotice(trx, payment.order_id, now);
    return authorized ? result('authorized', 'authorized') : result('paid', 'paid');
  });
}
