import { orderSchema } from '@shop/shared/contract';
import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ShopOrderTable } from '../../../db/customer-schema.ts';
import { assembleOrders } from './assemble.ts';
import type { RelatedRows } from './related.ts';
import type { OrderRows } from './rows.ts';

const order = (id: number, extra: Partial<Selectable<ShopOrderTable>> = {}): Selectable<ShopOrderTable> => ({
  id,
  increment_id: `10000${id}`,
  customer_id: 7,
  email: 'anna@example.org',
  status: 'paid',
  is_refunded: 0,
  total_price_cents: 61_850,
  comment: null,
  locale: 'de',
  created_at: '2026-01-03T10:15:00.000Z',
  timezone: 'Europe/Vienna',
  marketing_opt_in: 0,
  payment_method: 'creditcard',
  hold_expires_at: null,
  cancel_reason: null,
  early_start_requested_at: null,
  access_key_hash: null,
  charged_back_cents: 0,
  charged_back_at: null,
  reduced_at: null,
  anonymized_at: null,
  ...extra,
});

/** Order 1 has a row in every table (its booking withdrawn); order 2 has none. */
const rows: OrderRows = {
  addresses: [
    {
      order_id: 1,
      firstname: 'Anna',
      lastname: 'Muster',
      address_line1: 'Hauptstr. 1',
      address_line2: '',
      city: 'Wien',
      zip: '1010',
      country: 'AT',
      phone: null,
      birth_year: '1990',
    },
  ],
  bookings: [
    {
      id: 11,
      order_id: 1,
      quantity: 2,
      total_price_cents: 57_800,
      discount_cents: 1_000,
      unit_price_cents: 28_900,
      credits_applied: 0,
      discount_codes: 'SOMMER,FREUNDE',
      course_id: 5,
      type: 1,
      identifier: 'GK-A1-ABD-01',
      start_date: '2026-02-03',
      start_time: '18:30',
      end_date: '2026-03-26',
      end_time: '20:00',
      withdrawal_id: 99,
    },
  ],
  productOrders: [
    {
      id: 21,
      order_id: 1,
      product_id: 8,
      quantity: 2,
      unit_price_cents: 1_950,
      discount_cents: 100,
      discount_codes: '',
      withdrawal_id: null,
    },
  ],
  transactions: [
    {
      id: 31,
      order_id: 1,
      transaction_type: 'add',
      type_id: 3,
      amount: 5,
      quantity: 1,
      total_price_cents: 2_100,
      used_in_order: 0,
      unit_price_cents: 2_100,
      discount_cents: 0,
      discount_codes: '',
      withdrawal_id: null,
    },
  ],
  payments: [
    {
      id: 41,
      order_id: 1,
      provider: 'sandbox',
      method: 'creditcard',
      transaction_id: 'tx-1',
      status: 'paid',
      payment_link: null,
      amount_cents: 61_850,
      created_at: '2026-01-03T10:15:00.000Z',
      updated_at: '2026-01-03T10:15:00.000Z',
      refund_required: 0,
      capture_status: null,
      capture_id: null,
      capture_error: null,
      capture_next_at: null,
      capture_attempts: 0,
    },
  ],
  redemptions: [{ order_id: 1, code: 'SOMMER', discount_cents: 1_000 }],
};

const text = (language: string, title: string) => ({ language, title, pretitle: '', short: '' });
const related: RelatedRows = {
  participants: [
    {
      id: 51,
      course_booking_id: 11,
      firstname: 'Anna',
      lastname: 'Muster',
      email: 'a@example.org',
      phone: null,
      birth_year: '1990',
    },
  ],
  courseTexts: [
    { ...text('es', 'Curso'), course_id: 5 },
    { ...text('de', 'Kurs'), course_id: 5 },
  ],
  productTexts: [{ ...text('de', 'Lehrbuch'), product_id: 8 }],
  receivedAt: new Map([[99, '2026-01-10T08:00:00.000Z']]),
  weekdaysByCourse: new Map([[5, [1, 3]]]),
  latePayments: new Map([[1, { amount: 12.5, refundedAt: null }]]),
};

describe('assembleOrders', () => {
  it('builds each order of the page from its rows, in the order given', () => {
    const [second, first] = assembleOrders([order(2, { status: 'pending' }), order(1)], rows, related);
    expect(first).toEqual({
      id: 1,
      incrementId: '100001',
      createdAt: '2026-01-03T10:15:00.000Z',
      status: 'paid',
      isRefunded: false,
      totalPrice: 618.5,
      discounts: [{ code: 'SOMMER', amount: 10 }],
      comment: null,
      courseBookings: [
        {
          id: 11,
          quantity: 2,
          unitPrice: 289,
          appliedCredits: 0,
          totalPrice: 578,
          discount: 10,
          discountCodes: ['SOMMER', 'FREUNDE'],
          course: {
            id: 5,
            type: 1,
            identifier: 'GK-A1-ABD-01',
            titles: [
              { language: 'de', description: 'Kurs' },
              { language: 'es', description: 'Curso' },
            ],
            startDate: '2026-02-03',
            startTime: '18:30',
            endDate: '2026-03-26',
            endTime: '20:00',
            weekdays: [1, 3],
          },
          participants: [
            { id: 51, firstname: 'Anna', lastname: 'Muster', email: 'a@example.org', phone: null, birthYear: '1990' },
          ],
          withdrawnAt: '2026-01-10T08:00:00.000Z',
        },
      ],
      productOrders: [
        {
          id: 21,
          quantity: 2,
          unitPrice: 19.5,
          discount: 1,
          discountCodes: [],
          totalPrice: 38,
          product: { id: 8, titles: [{ language: 'de', description: 'Lehrbuch' }] },
          withdrawnAt: null,
        },
      ],
      customerBalanceTransactions: [
        {
          id: 31,
          transactionType: 'add',
          type: 3,
          amount: 5,
          quantity: 1,
          unitPrice: 21,
          discount: 0,
          discountCodes: [],
          totalPrice: 21,
          withdrawnAt: null,
        },
      ],
      payments: [{ id: 41, transactionId: 'tx-1', status: 'paid', paymentLink: null }],
      customerBillingAddress: {
        firstname: 'Anna',
        lastname: 'Muster',
        addressLine1: 'Hauptstr. 1',
        addressLine2: '',
        city: 'Wien',
        zip: '1010',
        country: 'AT',
        phone: null,
        birthYear: '1990',
      },
      holdExpiresAt: null,
      cancelReason: null,
      withdrawal: 'partial',
      earlyStartRequested: false,
      latePayment: { amount: 12.5, refundedAt: null },
    });
    expect(orderSchema.parse(first)).toEqual(first);
    expect(second).toMatchObject({
      id: 2,
      status: 'pending',
      discounts: [],
      courseBookings: [],
      productOrders: [],
      customerBalanceTransactions: [],
      payments: [],
      customerBillingAddress: null,
      withdrawal: 'none',
    });
    expect(second).not.toHaveProperty('latePayment');
  });

  it('calls an order withdrawn once every position is', () => {
    const allWithdrawn: OrderRows = {
      ...rows,
      productOrders: rows.productOrders.map((line) => ({ ...line, withdrawal_id: 99 })),
      transactions: rows.transactions.map((row) => ({ ...row, withdrawal_id: 99 })),
    };
    const [assembled] = assembleOrders([order(1)], allWithdrawn, related);
    expect(assembled!.withdrawal).toBe('withdrawn');
    expect(assembled!.productOrders[0]!.withdrawnAt).toBe('2026-01-10T08:00:00.000Z');
  });
});
