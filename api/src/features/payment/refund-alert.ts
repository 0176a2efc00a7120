import { centsToDecimal } from '@shop/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Completion } from './complete.ts';
import { shopCurrency } from '../payment-provider/provider.ts';

/** What the alert needs of a logger: the app's (pino) logger, or the stand-in below. */
export type AlertLog = Pick<FastifyBaseLogger, 'error'>;

const money = (cents: number, currency: string) => `${centsToDecimal(cents)} ${currency}`;

/**
 * Money arrived for an order that was cancelled (typically its hold expired before the buyer paid): nothing in
 * the shop undoes that, a person has to refund it at the provider. One error line with everything needed, under
 * a fixed `alert` value that log monitoring can match, and `payment.refund_required = 1` in the database. The
 * amount is what the provider reports paid, which is what there is to refund (it may differ from the order's).
 */
function logRefundRequired(
  log: AlertLog,
  providerName: string,
  providerPaymentId: string,
  completion: Completion,
): void {
  log.error(
    {
      alert: 'REFUND_REQUIRED',
      orderNumber: completion.incrementId,
      provider: providerName,
      providerPaymentId,
      amountCents: completion.reportedAmountCents,
      currency: completion.reportedCurrency,
      cancelReason: completion.cancelReason,
    },
    `REFUND REQUIRED: ${providerName} payment ${providerPaymentId} of ${money(completion.reportedAmountCents, completion.reportedCurrency)} arrived for order ${completion.incrementId}, which was cancelled (${completion.cancelReason ?? 'reason unknown'}); refund it at the provider`,
  );
}

/**
 * The provider reports paid (or authorized) an amount or a currency the order does not owe: the order is not booked
 * and keeps its places until its hold ends, when the money is flagged for refund
 * (docs/decisions/0069-payment-integrity.md). A person has to look now: the buyer may have been charged something else
 * than the shop showed.
 */
function logAmountMismatch(
  log: AlertLog,
  providerName: string,
  providerPaymentId: string,
  completion: Completion,
): void {
  log.error(
    {
      alert: 'PAYMENT_AMOUNT_MISMATCH',
      orderNumber: completion.incrementId,
      provider: providerName,
      providerPaymentId,
      status: completion.reportedStatus,
      amountCents: completion.amountCents,
      currency: shopCurrency,
      reportedAmountCents: completion.reportedAmountCents,
      reportedCurrency: completion.reportedCurrency,
    },
    `PAYMENT AMOUNT MISMATCH: ${providerName} payment ${providerPaymentId} reports ${completion.reportedStatus} ${money(completion.reportedAmountCents, completion.reportedCurrency)} for order ${completion.incrementId}, which owes ${money(completion.amountCents, shopCurrency)}; the order is not booked, its places stay held until its hold ends, then the payment is flagged for refund`,
  );
}

/**
 * The buyer's bank took money of the payment back (a chargeback): recorded on the order
 * (`shop_order.charged_back_cents`), nothing booked or released by it except an order still waiting, which is
 * cancelled (docs/decisions/0069-payment-integrity.md). A person decides what follows: a booked order keeps its
 * places until they cancel it, and money flagged for refund must not be refunded on top of the chargeback.
 */
function logChargeback(log: AlertLog, providerName: string, providerPaymentId: string, completion: Completion): void {
  const booked = completion.cancelReason === null;
  log.error(
    {
      alert: 'CHARGEBACK',
      orderNumber: completion.incrementId,
      provider: providerName,
      providerPaymentId,
      chargedBackCents: completion.chargedBackCents,
      amountCents: completion.reportedAmountCents,
      currency: completion.reportedCurrency,
      cancelReason: completion.cancelReason,
    },
    `CHARGEBACK: ${money(completion.chargedBackCents, completion.reportedCurrency)} of ${providerName} payment ${providerPaymentId} (${money(completion.reportedAmountCents, completion.reportedCurrency)}) taken back for order ${completion.incrementId}; ${booked ? 'the booking stands until you cancel it' : `the order is cancelled (${completion.cancelReason}); do not refund what was charged back`}`,
  );
}

/** The operator alerts a completion calls for, whichever path (webhook, return, hold sweep) brought it. */
export function alertOperator(
  log: AlertLog,
  providerName: string,
  providerPaymentId: string,
  completion: Completion,
): void {
  if (completion.outcome === 'refund_required') logRefundRequired(log, providerName, providerPaymentId, completion);
  else if (completion.outcome === 'amount_mismatch')
    logAmountMismatch(log, providerName, providerPaymentId, completion);
  else if (completion.outcome === 'charged_back') logChargeback(log, providerName, providerPaymentId, completion);
}
