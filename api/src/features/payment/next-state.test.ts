import { describe, expect, it } from 'vitest';
import { nextPaymentState, type PaymentDecision, type PaymentFacts } from './next-state.ts';

/** A report of what the order owes (10 €, EUR, nothing charged back) on a pending payment of a waiting order. */
function facts({
  reported = {},
  payment = {},
  order = {},
}: {
  reported?: Partial<PaymentFacts['reported']>;
  payment?: Partial<PaymentFacts['payment']>;
  order?: Partial<PaymentFacts['order']>;
}): PaymentFacts {
  return {
    reported: { status: 'paid', amountCents: 1000, currency: 'EUR', chargedBackCents: 0, ...reported },
    payment: { status: 'pending', amountCents: 1000, captureStatus: null, ...payment },
    order: { status: 'payment_pending', chargedBackCents: 0, ...order },
  };
}

const unchanged: PaymentDecision = { kind: 'keep', outcome: 'unchanged' };
const mismatch: PaymentDecision = { kind: 'keep', outcome: 'amount_mismatch' };
const chargeback = (payment: 'finish_capture' | 'take_unbooked' | 'none', refundRequired: boolean) =>
  ({ kind: 'record_chargeback', chargedBackCents: 400, payment, refundRequired }) as const;

const table: [string, PaymentFacts, PaymentDecision][] = [
  ['a pending report changes nothing', facts({ reported: { status: 'pending' } }), unchanged],
  [
    'a pending report changes nothing on a due capture either',
    facts({ reported: { status: 'pending' }, payment: { status: 'paid', captureStatus: 'due' } }),
    unchanged,
  ],
  ['paid what is owed books the order', facts({}), { kind: 'book_order', authorized: false }],
  [
    'authorized what is owed books the order',
    facts({ reported: { status: 'authorized' } }),
    { kind: 'book_order', authorized: true },
  ],
  [
    'paid what is owed books an order still pending (no payment_pending yet)',
    facts({ order: { status: 'pending' } }),
    { kind: 'book_order', authorized: false },
  ],
  ['paid another amount books nothing', facts({ reported: { amountCents: 999 } }), mismatch],
  ['paid another currency books nothing', facts({ reported: { currency: 'USD' } }), mismatch],
  ['authorized another amount books nothing', facts({ reported: { status: 'authorized', amountCents: 1 } }), mismatch],
  [
    'paid another amount for a cancelled order goes the late-money way (flagged by the booking step)',
    facts({ reported: { amountCents: 999 }, order: { status: 'cancelled' } }),
    { kind: 'book_order', authorized: false },
  ],
  [
    'paid what is owed for a cancelled order is still handed to the booking step',
    facts({ order: { status: 'cancelled' } }),
    { kind: 'book_order', authorized: false },
  ],
  ...(['failed', 'canceled', 'expired'] as const).map((status): [string, PaymentFacts, PaymentDecision] => [
    `${status} cancels the order`,
    facts({ reported: { status } }),
    { kind: 'cancel_order', status, reason: `payment_${status}` as const },
  ]),
  [
    'failed with another amount cancels the order all the same',
    facts({ reported: { status: 'failed', amountCents: 5 } }),
    { kind: 'cancel_order', status: 'failed', reason: 'payment_failed' },
  ],
  [
    'a chargeback on a paid payment is recorded only',
    facts({ reported: { chargedBackCents: 400 }, payment: { status: 'paid' }, order: { status: 'paid' } }),
    chargeback('none', true),
  ],
  [
    'a chargeback on a due capture finishes the capture',
    facts({ reported: { chargedBackCents: 400 }, payment: { status: 'paid', captureStatus: 'due' } }),
    chargeback('finish_capture', true),
  ],
  [
    'a chargeback is the first news of a pending payment: taken unbooked, the rest flagged for refund',
    facts({ reported: { chargedBackCents: 400 } }),
    chargeback('take_unbooked', true),
  ],
  [
    'a full chargeback of an unbooked payment leaves nothing to refund',
    facts({ reported: { chargedBackCents: 1000 } }),
    { kind: 'record_chargeback', chargedBackCents: 1000, payment: 'take_unbooked', refundRequired: false },
  ],
  [
    'a chargeback whatever amount was paid',
    facts({ reported: { chargedBackCents: 400, amountCents: 1 }, payment: { status: 'paid' } }),
    { kind: 'record_chargeback', chargedBackCents: 400, payment: 'none', refundRequired: false },
  ],
  [
    'a chargeback already recorded is a replay',
    facts({ reported: { chargedBackCents: 400 }, payment: { status: 'paid' }, order: { chargedBackCents: 400 } }),
    unchanged,
  ],
  [
    'a chargeback reported back to zero is recorded',
    facts({ payment: { status: 'paid' }, order: { status: 'paid', chargedBackCents: 400 } }),
    { kind: 'record_chargeback', chargedBackCents: 0, payment: 'none', refundRequired: true },
  ],
  [
    'a due capture still authorized changes nothing',
    facts({ reported: { status: 'authorized' }, payment: { status: 'paid', captureStatus: 'due' } }),
    unchanged,
  ],
  [
    'a due capture reported paid is captured',
    facts({ payment: { status: 'paid', captureStatus: 'due' } }),
    { kind: 'settle_capture', status: 'paid', captured: true },
  ],
  ...(['failed', 'canceled', 'expired'] as const).map((status): [string, PaymentFacts, PaymentDecision] => [
    `a due capture reported ${status} has lapsed`,
    facts({ reported: { status }, payment: { status: 'paid', captureStatus: 'due' } }),
    { kind: 'settle_capture', status, captured: false },
  ]),
  [
    'a captured payment is not settled again',
    facts({ payment: { status: 'paid', captureStatus: 'captured' }, order: { status: 'paid' } }),
    unchanged,
  ],
  [
    'money for a given-up payment of a cancelled order is flagged',
    facts({ payment: { status: 'canceled' }, order: { status: 'cancelled' } }),
    { kind: 'flag_late_money' },
  ],
  [
    'money for a given-up payment of an open order changes nothing',
    facts({ payment: { status: 'canceled' } }),
    unchanged,
  ],
  [
    'a replayed paid report changes nothing',
    facts({ payment: { status: 'paid' }, order: { status: 'paid' } }),
    unchanged,
  ],
  [
    'a paid payment of a cancelled order is not flagged twice',
    facts({ payment: { status: 'paid' }, order: { status: 'cancelled' } }),
    unchanged,
  ],
  [
    'an authorization for a given-up payment changes nothing',
    facts({ reported: { status: 'authorized' }, payment: { status: 'canceled' }, order: { status: 'cancelled' } }),
    unchanged,
  ],
  [
    'a payment never moves backwards from paid',
    facts({ reported: { status: 'failed' }, payment: { status: 'paid' }, order: { status: 'paid' } }),
    unchanged,
  ],
  [
    'a payment never moves from one ending to another',
    facts({ reported: { status: 'expired' }, payment: { status: 'failed' }, order: { status: 'cancelled' } }),
    unchanged,
  ],
];

describe('nextPaymentState', () => {
  it.each(table)('%s', (_name, given, expected) => {
    expect(nextPaymentState(given)).toEqual(expected);
  });

  it('covers every kind of decision and outcome', () => {
    const decisions = table.map(([, given]) => nextPaymentState(given));
    expect(new Set(decisions.map((decision) => decision.kind))).toEqual(
      new Set(['keep', 'record_chargeback', 'settle_capture', 'flag_late_money', 'cancel_order', 'book_order']),
    );
    expect(decisions.filter((decision) => decision.kind === 'keep').map((decision) => decision.outcome)).toContain(
      'amount_mismatch',
    );
  });
});
