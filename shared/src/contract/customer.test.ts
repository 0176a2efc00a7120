import { describe, expect, it } from 'vitest';
import {
  changedProfileFields,
  completePaymentLink,
  customerGreetingName,
  isHoldRunning,
  orderDisplayStatus,
  orderStatusTone,
  profileFormValues,
  type Customer,
  type Order,
} from './index.ts';

const customer: Customer = {
  email: 'anna@example.org',
  firstname: 'Anna',
  lastname: 'Muster',
  displayName: null,
  phone: '+49 30 1234567',
  birthYear: null,
  languageNiveau: null,
  languageNiveauDetails: null,
  isSubscribedToNewsletter: 0,
  isEmailVerified: true,
};

describe('profile helpers', () => {
  it('fills the form with empty texts for missing values', () => {
    expect(profileFormValues(customer)).toEqual({
      displayName: '',
      email: 'anna@example.org',
      firstname: 'Anna',
      lastname: 'Muster',
      phone: '+49 30 1234567',
      birthYear: '',
      isSubscribedToNewsletter: 0,
    });
  });

  it('keeps only the changed fields', () => {
    const values = { ...profileFormValues(customer), firstname: 'Anne', birthYear: '1990', phone: '' };
    expect(changedProfileFields(customer, values)).toEqual({ firstname: 'Anne', birthYear: '1990', phone: '' });
    expect(changedProfileFields(customer, profileFormValues(customer))).toEqual({});
  });

  it('greets by display name, else by initial and last name', () => {
    expect(customerGreetingName(customer)).toBe('A. Muster');
    expect(customerGreetingName({ ...customer, displayName: ' Anni ' })).toBe('Anni');
    expect(customerGreetingName({ ...customer, firstname: 'émile' })).toBe('É. Muster');
  });
});

describe('order helpers', () => {
  const now = new Date('2026-01-15T09:00:00.000Z');
  const running = '2026-01-15T09:30:00.000Z';
  const over = '2026-01-15T08:59:59.999Z';
  const order = (
    status: Order['status'],
    isRefunded = false,
    payments: Order['payments'] = [],
    holdExpiresAt: string | null = running,
    cancelReason: Order['cancelReason'] = null,
  ) => ({
    status,
    isRefunded,
    payments,
    holdExpiresAt,
    cancelReason,
  });

  it('shows both pending states as pending and a refunded completed order as refunded (docs/product-rules.md#states)', () => {
    expect(orderDisplayStatus(order('pending'), now)).toBe('pending');
    expect(orderDisplayStatus(order('payment_pending'), now)).toBe('pending');
    expect(orderDisplayStatus(order('completed', true), now)).toBe('refunded');
    expect(orderDisplayStatus(order('completed'), now)).toBe('completed');
    expect(orderDisplayStatus(order('cancelled'), now)).toBe('cancelled');
  });

  it('shows "expired" for a pending order past its hold and for one cancelled because nobody paid in time', () => {
    expect(orderDisplayStatus(order('payment_pending', false, [], over), now)).toBe('expired');
    expect(orderDisplayStatus(order('payment_pending', false, [], null), now)).toBe('expired');
    expect(orderDisplayStatus(order('cancelled', false, [], over, 'hold_expired'), now)).toBe('expired');
    expect(orderDisplayStatus(order('cancelled', false, [], over, 'payment_expired'), now)).toBe('expired');
    expect(orderDisplayStatus(order('cancelled', false, [], over, 'payment_failed'), now)).toBe('cancelled');
    expect(orderDisplayStatus(order('cancelled', false, [], over, 'payment_canceled'), now)).toBe('cancelled');
  });

  it('colours success for completed or paid, warning for refunded, alert otherwise', () => {
    expect(
      ['completed', 'paid', 'refunded', 'pending', 'cancelled', 'expired'].map((s) => orderStatusTone(s as never)),
    ).toEqual(['success', 'success', 'warning', 'alert', 'alert', 'alert']);
  });

  it('runs the hold of a pending order until the instant it ends, not a millisecond longer', () => {
    expect(isHoldRunning(order('payment_pending', false, [], running), now)).toBe(true);
    expect(isHoldRunning(order('payment_pending', false, [], now.toISOString()), now)).toBe(false);
    expect(isHoldRunning(order('payment_pending', false, [], over), now)).toBe(false);
    expect(isHoldRunning(order('payment_pending', false, [], null), now)).toBe(false);
    expect(isHoldRunning(order('paid', false, [], running), now)).toBe(false);
  });

  it('offers the payment link only for a pending order with a pending payment that has one, while its hold lasts', () => {
    const pay = (status: 'pending' | 'failed', paymentLink: string | null) => ({
      id: 1,
      transactionId: null,
      status,
      paymentLink,
    });
    expect(
      completePaymentLink(
        order('payment_pending', false, [pay('failed', 'https://pay/1'), pay('pending', 'https://pay/2')]),
        now,
      ),
    ).toBe('https://pay/2');
    expect(completePaymentLink(order('pending', false, [pay('pending', null)]), now)).toBeNull();
    expect(completePaymentLink(order('paid', false, [pay('pending', 'https://pay/3')]), now)).toBeNull();
    expect(
      completePaymentLink(order('payment_pending', false, [pay('pending', 'https://pay/4')], over), now),
    ).toBeNull();
  });
});
