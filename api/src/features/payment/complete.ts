import type { OrderCancelReason } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/database.ts';
import type { PaymentProvider, ProviderPaymentStatus } from '../payment-provider/provider.ts';
import { applyPaymentDecision } from './apply-completion.ts';
import { type CompletionOutcome, nextPaymentState } from './next-state.ts';

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
 * it). It asks the provider for the payment's status (never trusting a request body), then, in one transaction,
 * reads the payment and its order, decides what follows (`nextPaymentState`, the rules) and does it
 * (`applyPaymentDecision`). Replays find the payment no longer pending and change nothing.
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
  return inTransaction(ctx.db.kysely, async (trx) => {
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
    const decision = nextPaymentState({
      reported,
      payment: { status: payment.status, amountCents: payment.amount_cents, captureStatus: payment.capture_status },
      order: { status: payment.order_status, chargedBackCents: payment.charged_back_cents },
    });
    const applied = await applyPaymentDecision(trx, payment, decision, now);
    return {
      outcome: applied.outcome,
      paymentRowId: payment.id,
      orderId: payment.order_id,
      incrementId: payment.increment_id,
      email: payment.email,
      paymentStatus: applied.paymentStatus as ProviderPaymentStatus,
      amountCents: payment.amount_cents,
      reportedStatus: reported.status,
      reportedAmountCents: reported.amountCents,
      reportedCurrency: reported.currency,
      chargedBackCents: reported.chargedBackCents,
      cancelReason: applied.cancelReason as OrderCancelReason | null,
    };
  });
}
