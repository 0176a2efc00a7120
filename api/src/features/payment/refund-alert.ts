import type { FastifyBaseLogger } from 'fastify';
import type { Completion } from './complete.ts';

/** What the alert needs of a logger: the app's (pino) logger, or the stand-in below. */
export type AlertLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * Money arrived for an order that was cancelled (typically its hold expired before the buyer paid): nothing in
 * the shop undoes that, a person has to refund it at the provider. One error line with everything needed, under
 * a fixed `alert` value that log monitoring can match, and `payment.refund_required = 1` in the database.
 */
export function logRefundRequired(
  log: AlertLog,
  providerName: string,
  providerPaymentId: string,
  completion: Completion,
): void {
  const amount = (completion.amountCents / 100).toFixed(2);
  log.error(
    {
      alert: 'REFUND_REQUIRED',
      orderNumber: completion.incrementId,
      provider: providerName,
      providerPaymentId,
      amountCents: completion.amountCents,
      cancelReason: completion.cancelReason,
    },
    `REFUND REQUIRED: ${providerName} payment ${providerPaymentId} of ${amount} EUR arrived for order ${completion.incrementId}, which was cancelled (${completion.cancelReason ?? 'reason unknown'}); refund it at the provider`,
  );
}
