import { describe, expect, it } from 'vitest';
import {
  changedProfileFields,
  completePaymentLink,
  customerGreetingName,
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
  const order = (status: Order['status'], isRefunded = false, payments: Order['payments'] = []) => ({ status, isRefunded, payments });

  it('shows both pending states as pending and a refunded completed order as refunded (spec §4)', () => {
    expect(orderDisplayStatus(order('pending'))).toBe('pending');
    expect(orderDisplayStatus(order('payment_pending'))).toBe('pending');
    expect(orderDisplayStatus(order('completed', true))).toBe('refunded');
    expect(orderDisplayStatus(order('completed'))).toBe('completed');
    expect(orderDisplayStatus(order('cancelled'))).toBe('cancelled');
  });

  it('colours success for completed or paid, warning for refunded, alert otherwise', () => {
    expect(['completed', 'paid', 'refunded', 'pending', 'cancelled'].map((s) => orderStatusTone(s as never))).toEqual([
      'success',
      'success',
      'warning',
      'alert',
      'alert',
    ]);
  });

  it('offers the payment link only for a pending order with a pending payment that has one', () => {
    const pay = (status: 'pending' | 'failed', paymentLink: string | null) => ({ id: 1, transactionId: null, status, paymentLink });
    expect(completePaymentLink(order('payment_pending', false, [pay('failed', 'https://pay/1'), pay('pending', 'https://pay/2')]))).toBe('https://pay/2');
    expect(completePaymentLink(order('pending', false, [pay('pending', null)]))).toBeNull();
    expect(completePaymentLink(order('paid', false, [pay('pending', 'https://pay/3')]))).toBeNull();
  });
});
