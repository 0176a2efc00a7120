import { describe, expect, it } from 'vitest';
import type { CartItem, CheckoutForm, PriceResult } from '@shop/shared';
import { courseFixture, courseItem } from '@shop/shared/testing';
import { blankParticipant, participantsForCart, resizeParticipants, toOrderRequest } from './orderRequest.ts';

const course = (id: number, quantity: number): CartItem => ({
  id: `c${id}`,
  ...courseItem(courseFixture({ id }), quantity),
});

const values = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  email: 'ana@example.org',
  marketingOptIn: true,
  billingAddress: {
    firstname: 'Ana',
    lastname: 'García',
    addressLine1: 'Hauptstr. 1',
    addressLine2: '',
    city: 'Berlin',
    zip: '10115',
    country: 'DE',
    phone: '+49 30 123456',
    birthYear: '1990',
  },
  courses: [
    {
      courseId: 7,
      participants: [
        blankParticipant(),
        {
          different: true,
          firstname: 'Jonas',
          lastname: 'Weber',
          email: 'jonas@example.org',
          phone: '',
          birthYear: '',
        },
      ],
    },
  ],
  comment: 'Hallo',
  selectedPaymentMethod: 'creditcard',
  acceptTerms: true,
  acceptCancellationPolicy: true,
  ...over,
});

/** The price shown: SOMMER25 applied, a code that does not apply listed beside it. */
const shown = (totalPrice: number): PriceResult => ({
  items: [
    {
      itemType: 'course',
      courseId: 7,
      appliedCredits: 0,
      quantity: 2,
      finalPrice: totalPrice,
      unitPrice: 289,
      discountAmount: 25,
      discountCodes: [],
    },
  ],
  subtotal: 578,
  totalPrice,
  paymentMethods: [],
  discountCodesProvided: [
    { code: 'SOMMER25', status: 'valid', totalDiscountAmount: 25, errorMessage: null },
    {
      code: 'ABGELAUFEN',
      status: 'invalid',
      totalDiscountAmount: 0,
      errorMessage: 'Dieser Gutscheincode ist abgelaufen.',
    },
  ],
  discountsApplied: [{ code: 'SOMMER25', totalDiscountAmount: 25 }],
  quantityAdjustments: [],
});
const context = {
  items: [course(7, 2)],
  shown: shown(553),
  locale: 'de' as const,
  applePayAvailable: false,
  timezone: 'Europe/Vienna',
  isGuest: true,
};

describe('participants follow the quantity', () => {
  it('extends with blanks and trims', () => {
    const typed = { ...blankParticipant(), firstname: 'X' };
    expect(resizeParticipants([typed], 3)).toEqual([typed, blankParticipant(), blankParticipant()]);
    expect(resizeParticipants([typed, blankParticipant()], 1)).toEqual([typed]);
  });
  it('builds one block list per course of the cart, keeping what was typed', () => {
    const typed = { ...blankParticipant(), different: true, firstname: 'X' };
    expect(participantsForCart([course(7, 2), course(8, 1)], [{ courseId: 7, participants: [typed] }])).toEqual([
      { courseId: 7, participants: [typed, blankParticipant()] },
      { courseId: 8, participants: [blankParticipant()] },
    ]);
  });
});

describe('toOrderRequest', () => {
  it('copies the billing person into participants not flagged as different, sends no price but the total shown', () => {
    const request = toOrderRequest(values(), context);
    expect(request.courses).toEqual([
      {
        courseId: 7,
        courseType: 1,
        quantity: 2,
        participants: [
          { firstname: 'Ana', lastname: 'García', email: 'ana@example.org', phone: '+49 30 123456', birthYear: '1990' },
          { firstname: 'Jonas', lastname: 'Weber', email: 'jonas@example.org', phone: '', birthYear: '' },
        ],
      },
    ]);
    expect(request).toMatchObject({
      timezone: 'Europe/Vienna',
      selectedPaymentMethod: 'creditcard',
      emailAddress: 'ana@example.org',
      comment: 'Hallo',
      marketingOptIn: true,
    });
    // The total shown, to be matched; no other price.
    expect(request.expectedTotalPrice).toBe(553);
    const { expectedTotalPrice: _, ...rest } = request;
    expect(JSON.stringify(rest)).not.toMatch(/price/i);
  });
  it('names only the codes the price shown applied', () => {
    expect(toOrderRequest(values(), context).discountCodes).toEqual(['SOMMER25']);
  });
  it('sends a payment method only when something is to be paid, and the e-mail only for guests', () => {
    const request = toOrderRequest(values(), { ...context, shown: shown(0), isGuest: false });
    expect(request).not.toHaveProperty('selectedPaymentMethod');
    expect(request).not.toHaveProperty('emailAddress');
  });
});
