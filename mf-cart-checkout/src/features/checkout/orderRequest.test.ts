import { describe, expect, it } from 'vitest';
import type { CartItem, CheckoutForm } from '@shop/shared';
import { courseFixture, courseItem } from '@shop/shared/testing';
import { blankParticipant, participantsForCart, resizeParticipants, toOrderRequest } from './orderRequest.ts';

const course = (id: number, quantity: number): CartItem => ({ id: `c${id}`, ...courseItem(courseFixture({ id }), quantity) });

const values = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  email: 'ana@example.org',
  marketingOptIn: true,
  billingAddress: { firstname: 'Ana', lastname: 'García', addressLine1: 'Hauptstr. 1', addressLine2: '', city: 'Berlin', zip: '10115', country: 'DE', phone: '+49 30 123456', birthYear: '1990' },
  courses: [{ courseId: 7, participants: [blankParticipant(), { different: true, firstname: 'Jonas', lastname: 'Weber', email: 'jonas@example.org', phone: '', birthYear: '' }] }],
  comment: 'Hallo',
  selectedPaymentMethod: 'creditcard',
  acceptTerms: true,
  acceptCancellationPolicy: true,
  ...over,
});

const context = { items: [course(7, 2)], discountCodes: ['SOMMER25'], locale: 'de' as const, applePayAvailable: false, timezone: 'Europe/Vienna', totalAboveZero: true, isGuest: true };

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
  it('copies the billing person into participants not flagged as different, sends no price', () => {
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
    expect(request).toMatchObject({ discountCodes: ['SOMMER25'], timezone: 'Europe/Vienna', selectedPaymentMethod: 'creditcard', emailAddress: 'ana@example.org', comment: 'Hallo', marketingOptIn: true });
    expect(JSON.stringify(request)).not.toMatch(/price/i);
  });
  it('sends a payment method only when something is to be paid, and the e-mail only for guests', () => {
    const request = toOrderRequest(values(), { ...context, totalAboveZero: false, isGuest: false });
    expect(request).not.toHaveProperty('selectedPaymentMethod');
    expect(request).not.toHaveProperty('emailAddress');
  });
});
