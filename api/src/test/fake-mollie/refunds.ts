import { eurosToCents } from '@shop/shared/money';
import { randomBytes } from 'node:crypto';
import { FakeMollieInputError, type FakePayment } from './payments.ts';

/** A refund as the fake keeps it (Mollie's Refunds API: Create payment refund). */
export interface FakeRefund {
  id: string;
  paymentId: string;
  amount: { currency: string; value: string };
  description: string;
  metadata: unknown;
  createdAt: string;
}

const centsOf = (value: string) => eurosToCents(Number(value));

/**
 * Create payment refund's checks as Mollie documents them: only a paid payment, an amount in the payment's
 * currency with the right decimals, and never more than what is left of the payment after earlier refunds.
 */
export function newRefund(body: unknown, payment: FakePayment, earlier: readonly FakeRefund[], now: Date): FakeRefund {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (payment.status !== 'paid') throw new FakeMollieInputError('paymentId', 'The payment is not refundable');
  const amount = input.amount as { currency?: unknown; value?: unknown } | undefined;
  if (amount?.currency !== payment.amount.currency)
    throw new FakeMollieInputError('amount.currency', 'The amount currency is invalid');
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value) || centsOf(amount.value) < 1)
    throw new FakeMollieInputError('amount.value', 'The amount contains an invalid value');
  const refunded = earlier
    .filter((refund) => refund.paymentId === payment.id)
    .reduce((sum, refund) => sum + centsOf(refund.amount.value), 0);
  if (refunded + centsOf(amount.value) > centsOf(payment.amount.value))
    throw new FakeMollieInputError('amount', 'The amount is higher than the amount remaining');
  return {
    id: `re_${randomBytes(8).toString('hex')}`,
    paymentId: payment.id,
    amount: { currency: amount.currency, value: amount.value },
    description: typeof input.description === 'string' ? input.description : '',
    metadata: input.metadata ?? null,
    createdAt: now.toISOString(),
  };
}

/** A refund as the API answers it. */
export function refundJson(refund: FakeRefund, origin: string) {
  return {
    resource: 'refund',
    id: refund.id,
    mode: 'test',
    amount: refund.amount,
    status: 'pending',
    createdAt: refund.createdAt,
    description: refund.description,
    metadata: refund.metadata,
    paymentId: refund.paymentId,
    _links: {
      self: { href: `${origin}/v2/payments/${refund.paymentId}/refunds/${refund.id}`, type: 'application/hal+json' },
      payment: { href: `${origin}/v2/payments/${refund.paymentId}`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/create-refund', type: 'text/html' },
    },
  };
}
