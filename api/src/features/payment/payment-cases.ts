import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Completion } from './complete.ts';
import { openCase } from '../cases/open.ts';

/**
 * The case a payment's completion calls for (refund-alert.ts logs the same): money after the hold, money of another
 * amount, a chargeback. Opened after the completion committed, by whichever path brought it (webhook, return, hold
 * sweep), once per payment (and per chargeback amount), however often the provider reports it.
 */
export async function openPaymentCase(
  db: Kysely<Database>,
  providerName: string,
  providerPaymentId: string,
  completion: Completion,
  now: Date,
): Promise<number | null> {
  const payment = `${providerName} payment ${providerPaymentId}`;
  const base = { orderId: completion.orderId, paymentId: completion.paymentRowId };
  if (completion.outcome === 'refund_required')
    return openCase(
      db,
      {
        ...base,
        kind: completion.reportedAmountCents === completion.amountCents ? 'late_payment' : 'amount_mismatch',
        causeKey: `refund_required:payment:${completion.paymentRowId}`,
        amountCents: completion.reportedAmountCents,
        note: `${payment} arrived for order ${completion.incrementId}, which was cancelled (${completion.cancelReason ?? 'reason unknown'}): refund it`,
      },
      now,
    );
  if (completion.outcome === 'amount_mismatch')
    return openCase(
      db,
      {
        ...base,
        kind: 'amount_mismatch',
        causeKey: `amount_mismatch:payment:${completion.paymentRowId}`,
        amountCents: completion.reportedAmountCents,
        note: `${payment} reports ${completion.reportedStatus} ${completion.reportedAmountCents} ${completion.reportedCurrency} (cents) for order ${completion.incrementId}, which owes ${completion.amountCents}: not booked; flagged for refund when its hold ends`,
      },
      now,
    );
  if (completion.outcome === 'charged_back')
    return openCase(
      db,
      {
        ...base,
        kind: 'chargeback',
        causeKey: `chargeback:payment:${completion.paymentRowId}:${completion.chargedBackCents}`,
        amountCents: completion.chargedBackCents,
        note: `The buyer's bank took back ${completion.chargedBackCents} cents of ${payment} (order ${completion.incrementId}); ${completion.cancelReason === null ? 'the booking stands until you cancel it' : 'the order is cancelled; do not refund what was charged back'}`,
      },
      now,
    );
  return null;
}
