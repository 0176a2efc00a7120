import type { WithdrawalPosition } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { choosePositions, refundableCents, reviewBeforeWithdrawal } from './decide.ts';

// A course for 100 €, two books at 15 € with a 5 € code on them, a package for 60 €: 185 € in all.
const rows = {
  bookings: [{ id: 7, total_price_cents: 10000 }],
  products: [{ id: 3, quantity: 2, unit_price_cents: 1500, discount_cents: 500 }],
  packages: [{ id: 11, total_price_cents: 6000 }],
};
const course = { kind: 'course', id: 7 } as const;
const product = { kind: 'product', id: 3 } as const;
const pkg = { kind: 'package', id: 11 } as const;

describe('choosing the withdrawn positions', () => {
  it.each<{ name: string; declared: WithdrawalPosition[]; total: number; expected: [WithdrawalPosition, number][] }>([
    {
      name: 'none named: the whole contract, at each net price',
      declared: [],
      total: 18500,
      expected: [
        [course, 10000],
        [product, 2500],
        [pkg, 6000],
      ],
    },
    {
      name: 'some named: those, in the order of the order',
      declared: [pkg, course],
      total: 18500,
      expected: [
        [course, 10000],
        [pkg, 6000],
      ],
    },
    { name: 'one not in the order: nothing', declared: [{ kind: 'course', id: 3 }], total: 18500, expected: [] },
    {
      name: 'nets that do not add up to the total: the difference spread by net',
      declared: [product],
      total: 17500,
      expected: [[product, 2365]],
    },
  ])('$name', ({ declared, total, expected }) => {
    const { chosen, baseOf } = choosePositions(rows, total, declared);
    expect(chosen.map((position) => [position, baseOf(position)])).toEqual(expected);
  });
});

describe('what the school must review first', () => {
  // Ordered on Monday 2 March 2026 in Berlin: the 14 days end with Monday 16 March, Berlin time.
  const order = { status: 'paid', created_at: '2026-03-02T10:00:00.000Z' };
  it.each([
    { name: 'paid, on the last day', order, receivedAt: '2026-03-16T22:59:00Z', expected: null },
    { name: 'completed', order: { ...order, status: 'completed' }, receivedAt: '2026-03-03T09:00:00Z', expected: null },
    { name: 'after the last day', order, receivedAt: '2026-03-16T23:00:00Z', expected: 'out_of_period' },
    {
      name: 'not paid',
      order: { ...order, status: 'pending' },
      receivedAt: '2026-03-03T09:00:00Z',
      expected: 'not_paid',
    },
    {
      name: 'late and not paid: late first',
      order: { ...order, status: 'pending' },
      receivedAt: '2026-04-01T09:00:00Z',
      expected: 'out_of_period',
    },
  ])('$name', ({ order, receivedAt, expected }) => {
    expect(reviewBeforeWithdrawal(order, new Date(receivedAt))).toBe(expected);
  });
});

describe('the refund recorded', () => {
  it.each([
    {
      name: 'what is due, when the shop holds it',
      paidCents: 18500,
      refundedCents: 0,
      chargedBack: 0,
      due: 10000,
      expected: 10000,
    },
    {
      name: 'at most what is held',
      paidCents: 18500,
      refundedCents: 6000,
      chargedBack: 5000,
      due: 10000,
      expected: 7500,
    },
    {
      name: 'nothing when all went back',
      paidCents: 18500,
      refundedCents: 10000,
      chargedBack: 9000,
      due: 10000,
      expected: 0,
    },
    { name: 'nothing without a payment', paidCents: null, refundedCents: 0, chargedBack: 0, due: 10000, expected: 0 },
    { name: 'nothing when nothing is due', paidCents: 18500, refundedCents: 0, chargedBack: 0, due: 0, expected: 0 },
  ])('$name', ({ paidCents, refundedCents, chargedBack, due, expected }) => {
    expect(refundableCents({ dueCents: due, paidCents, refundedCents, chargedBackCents: chargedBack })).toBe(expected);
  });
});
