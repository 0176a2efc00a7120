import type { OrderCancelReason } from '@shop/shared/contract';
import { type ProviderPayment, type ProviderPaymentStatus, shopCurrency } from '../payment-provider/provider.ts';

/** What a completion knows before it writes: the provider's report and the shop's rows, read in the transaction. */
export interface PaymentFacts {
  reported: Pick<ProviderPayment, 'status' | 'amountCents' | 'currency' | 'chargedBackCents'>;
  payment: { status: string; amountCents: number; captureStatus: string | null };
  order: { status: string; chargedBackCents: number };
}

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

type EndedStatus = keyof typeof cancelReasons;

/**
 * What a completion does. Some steps end in a conditional write (the order may have been cancelled meanwhile by
 * another process), so their outcome is settled by apply-completion.ts from what the write changed.
 */
export type PaymentDecision =
  /** Nothing is written; the payment keeps its status. */
  | { kind: 'keep'; outcome: 'unchanged' | 'amount_mismatch' }
  /**
   * A new chargeback amount is recorded on the order. The payment: a due capture is done all the same
   * (`finish_capture`); one the shop never booked is taken as paid with the order cancelled if still waiting
   * (`take_unbooked`, flagged for refund when the chargeback left money); a paid one stays as it is (`none`).
   */
  | {
      kind: 'record_chargeback';
      chargedBackCents: number;
      payment: 'finish_capture' | 'take_unbooked' | 'none';
      refundRequired: boolean;
    }
  /** A due capture is settled: captured (paid) or lapsed (the authorization ended uncaptured). */
  | { kind: 'settle_capture'; status: ProviderPaymentStatus; captured: boolean }
  /** Money for a payment given up on, whose order is cancelled: recorded as paid and flagged for refund, once. */
  | { kind: 'flag_late_money' }
  /** The payment ended without money: it takes that status and the order is cancelled (if still waiting). */
  | { kind: 'cancel_order'; status: EndedStatus; reason: OrderCancelReason }
  /** Paid or authorized what the order owes: the order moves to paid (if still open). */
  | { kind: 'book_order'; authorized: boolean };

/**
 * The completion's rules, without I/O: a payment moves only forward from pending; money that is not what the order
 * owes books nothing (docs/decisions/0069-payment-integrity.md); a chargeback is recorded whatever the row says; a
 * due capture is settled by the provider's later report (docs/decisions/0039-capture-authorized-payments.md).
 */
export function nextPaymentState({ reported, payment, order }: PaymentFacts): PaymentDecision {
  if (reported.status === 'pending') return { kind: 'keep', outcome: 'unchanged' };
  if (reported.status === 'paid' && reported.chargedBackCents !== order.chargedBackCents) {
    // Mollie calls the webhook again for a chargeback and the payment stays paid: never a reason to book anything.
    return {
      kind: 'record_chargeback',
      chargedBackCents: reported.chargedBackCents,
      payment:
        payment.captureStatus === 'due' ? 'finish_capture' : payment.status !== 'paid' ? 'take_unbooked' : 'none',
      refundRequired: reported.chargedBackCents < reported.amountCents,
    };
  }
  if (payment.captureStatus === 'due') {
    if (reported.status === 'authorized') return { kind: 'keep', outcome: 'unchanged' };
    // Captured (by the shop's capture or at the provider's dashboard), or the authorization ended uncaptured.
    return { kind: 'settle_capture', status: reported.status, captured: reported.status === 'paid' };
  }
  if (payment.status !== 'pending') {
    // An authorization the shop did not capture (the hold had ended) that the provider captured anyway, its
    // release having failed: nothing books it.
    if (reported.status === 'paid' && order.status === 'cancelled' && payment.status !== 'paid')
      return { kind: 'flag_late_money' };
    return { kind: 'keep', outcome: 'unchanged' };
  }
  if (reported.status !== 'paid' && reported.status !== 'authorized')
    // A payment that ended without money cancels the order whatever amount it names.
    return { kind: 'cancel_order', status: reported.status, reason: cancelReasons[reported.status] };
  // Money that is not what the order owes never books it: the order keeps its places until its hold ends, and the
  // caller alerts the operator. Once the order is cancelled, it is flagged for refund like any that came too late.
  const owed = reported.amountCents === payment.amountCents && reported.currency === shopCurrency;
  if (!owed && order.status !== 'cancelled') return { kind: 'keep', outcome: 'amount_mismatch' };
  return { kind: 'book_order', authorized: reported.status === 'authorized' };
}
