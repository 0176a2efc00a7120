import { eurosToCents } from '@shop/shared/money';
import { randomBytes } from 'node:crypto';
import { FakeMollieInputError, type FakePayment } from './payments.ts';

/** A capture as the fake keeps it (Mollie's Captures API: Create capture). */
export interface FakeCapture {
  id: string;
  paymentId: string;
  amount: { currency: string; value: string };
  createdAt: string;
}

const centsOf = (value: string) => eurosToCents(Number(value));

/**
 * Create capture's checks as Mollie documents them: only an authorized payment, an optional amount (the whole
 * authorized amount by default) in the payment's currency, never more than was authorized. The fake captures in
 * full at once, so a captured payment is paid and cannot be captured again.
 */
export function newCapture(body: unknown, payment: FakePayment, now: Date): FakeCapture {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (payment.status !== 'authorized') throw new FakeMollieInputError('paymentId', 'The payment cannot be captured');
  const amount = (input.amount ?? payment.amount) as { currency?: unknown; value?: unknown };
  if (amount.currency !== payment.amount.currency)
    throw new FakeMollieInputError('amount.currency', 'The amount currency is invalid');
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value) || centsOf(amount.value) < 1)
    throw new FakeMollieInputError('amount.value', 'The amount contains an invalid value');
  if (centsOf(amount.value) > centsOf(payment.amount.value))
    throw new FakeMollieInputError('amount', 'The amount is higher than the amount that can be captured');
  return {
    id: `cpt_${randomBytes(8).toString('hex')}`,
    paymentId: payment.id,
    amount: { currency: amount.currency, value: amount.value },
    createdAt: now.toISOString(),
  };
}

/** A capture as the API answers it. */
export function captureJson(capture: FakeCapture, origin: string) {
  return {
    resource: 'capture',
    id: capture.id,
    mode: 'test',
    amount: capture.amount,
    status: 'succeeded',
    paymentId: capture.paymentId,
    createdAt: capture.createdAt,
    _links: {
      self: {
        href: `${origin}/v2/payments/${capture.paymentId}/captures/${capture.id}`,
        type: 'application/hal+json',
      },
      payment: { href: `${origin}/v2/payments/${capture.paymentId}`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/create-capture', type: 'text/html' },
    },
  };
}
