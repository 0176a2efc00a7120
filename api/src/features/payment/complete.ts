import type { AppContext } from '../../app-context.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import { creditPackages } from '../order/credits.ts';
import type { PaymentProvider, ProviderPaymentStatus } from './provider.ts';

export type CompletionOutcome =
  /** The order moved to paid (first time only). */
  | 'paid'
  /** The order was cancelled and released what it held. */
  | 'cancelled'
  /** Money arrived for an order already cancelled: recorded, flagged for refund. */
  | 'refund_required'
  /** Nothing changed: still pending, a replay, or a status that would move backwards. */
  | 'unchanged'
  /** The provider's amount differs from the order's: nothing changes, the mismatch is logged. */
  | 'amount_mismatch';

export interface Completion {
  outcome: CompletionOutcome;
  orderId: number;
  incrementId: string;
  email: string;
  /** The payment's status after this call. */
  paymentStatus: ProviderPaymentStatus;
}

/**
 * The one completion path for a payment, shared by the provider's webhook and the browser's return from the
 * provider's page. Null for a payment the shop does not know (it never recorded it, or the provider does not know
 * it). It asks the provider for the payment's status (never trusting a request body), then, in one
 * transaction: a payment moves only forward from pending; paid moves the order to paid and credits packages; a
 * failed, canceled or expired payment cancels the order and releases what it held; money for an order already
 * cancelled is recorded and flagged for refund. Replays find the payment no longer pending and change nothing.
 */
export async function completePayment(ctx: AppContext, provider: PaymentProvider, providerPaymentId: string): Promise<Completion | null> {
  // An id the shop never recorded is not asked about: the webhook cannot be used to make the shop call its provider.
  const known = await ctx.db.kysely.selectFrom('payment').select('id').where('provider', '=', provider.name).where('transaction_id', '=', providerPaymentId).executeTakeFirst();
  if (!known) return null;
  const reported = await provider.fetchPayment(providerPaymentId);
  if (!reported) return null;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // Claim the payment row first: concurrent calls for one payment queue here (PostgreSQL row lock).
    await trx.updateTable('payment').set({ updated_at: now.toISOString() }).where('provider', '=', provider.name).where('transaction_id', '=', providerPaymentId).execute();
    const payment = await trx
      .selectFrom('payment')
      .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
      .select(['payment.id', 'payment.status', 'payment.amount_cents', 'shop_order.id as order_id', 'shop_order.increment_id', 'shop_order.email', 'shop_order.customer_id', 'shop_order.status as order_status'])
      .where('payment.provider', '=', provider.name)
      .where('payment.transaction_id', '=', providerPaymentId)
      .executeTakeFirst();
    if (!payment) return null;
    const result = (outcome: CompletionOutcome, paymentStatus: string): Completion => ({
      outcome,
      orderId: payment.order_id,
      incrementId: payment.increment_id,
      email: payment.email,
      paymentStatus: paymentStatus as ProviderPaymentStatus,
    });
    if (payment.status !== 'pending' || reported.status === 'pending') return result('unchanged', payment.status);
    if (reported.amountCents !== payment.amount_cents) {
      console.error(`Payment ${providerPaymentId}: provider amount ${reported.amountCents} differs from order amount ${payment.amount_cents}`);
      return result('amount_mismatch', payment.status);
    }

    const paid = reported.status === 'paid';
    const orderOpen = payment.order_status === 'pending' || payment.order_status === 'payment_pending';
    await trx
      .updateTable('payment')
      .set({ status: reported.status, refund_required: paid && !orderOpen ? 1 : 0 })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
    if (!paid) {
      const cancelled = await cancelPendingOrder(trx, payment.order_id);
      return result(cancelled ? 'cancelled' : 'unchanged', reported.status);
    }
    if (!orderOpen) return result('refund_required', 'paid');
    await trx.updateTable('shop_order').set({ status: 'paid' }).where('id', '=', payment.order_id).execute();
    await creditPackages(trx, { orderId: payment.order_id, customerId: payment.customer_id, now });
    return result('paid', 'paid');
  });
}
