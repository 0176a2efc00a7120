import { describe, expect, it } from 'vitest';
import {
  newPasswordSchema,
  refusedPasswordCharacter,
  changedProfileFields,
  completePaymentLink,
  customerGreetingName,
  billingAddressSchema,
  checkoutBillingAddressSchema,
  checkoutParticipantFormSchema,
  isHoldRunning,
  nameSchema,
  orderDisplayStatus,
  orderParticipantSchema,
  orderStatusTone,
  profileFormSchema,
  profileFormValues,
  registerFormSchema,
  withdrawalRequestSchema,
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

/** Texts that look empty: whitespace, zero-width and other format characters (Cf), space separators (Zs). */
const invisibleNames = [
  '\u200b',
  '\u200c\u200d',
  '\u2060',
  '\ufeff',
  '\u200b \u200b',
  '\u00a0\u3000\u2007',
  '\u00ad\u200e\u200f\u202a\u202c\u2066\u2069',
  '\u180e\u061c',
  '\u{e0020}\u{e007f}',
  '\u3164\u115f\u1160\uffa0',
  '\u2800',
  '\u034f\ufe0f',
];

describe('names made only of invisible characters', () => {
  const issues = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    result.error?.issues.map(({ path, message }) => ({ path, message }));

  it('fail "required", as an empty name does, with one issue', () => {
    for (const name of ['', ...invisibleNames]) {
      const label = [...name].map((char) => `U+${char.codePointAt(0)!.toString(16)}`).join(' ');
      expect(issues(nameSchema.safeParse(name)), label).toEqual([{ path: [], message: 'required' }]);
    }
  });

  it('fail "required" in every form and request that asks for a name', () => {
    const name = '\u200b\u2060';
    const register = { firstname: name, lastname: 'Muster', email: 'anna@example.org', password: 'Sprache1!' };
    expect(issues(registerFormSchema.safeParse(register))).toEqual([{ path: ['firstname'], message: 'required' }]);
    const profile = { ...profileFormValues(customer), lastname: name };
    expect(issues(profileFormSchema.safeParse(profile))).toEqual([{ path: ['lastname'], message: 'required' }]);
    const address = {
      firstname: name,
      lastname: 'Muster',
      addressLine1: '',
      addressLine2: '',
      city: '',
      zip: '',
      country: 'DE',
    };
    expect(issues(billingAddressSchema.safeParse(address))).toEqual([{ path: ['firstname'], message: 'required' }]);
    const checkoutAddress = { ...address, addressLine1: 'Hauptstr. 1', city: 'Berlin', zip: '10115' };
    expect(issues(checkoutBillingAddressSchema.safeParse(checkoutAddress))).toEqual([
      { path: ['firstname'], message: 'required' },
    ]);
    const participant = { firstname: 'Jonas', lastname: name, email: 'jonas@example.org' };
    expect(issues(orderParticipantSchema.safeParse(participant))).toEqual([
      { path: ['lastname'], message: 'required' },
    ]);
    const participantForm = { ...participant, different: true, phone: '', birthYear: '' };
    expect(issues(checkoutParticipantFormSchema.safeParse(participantForm))).toEqual([
      { path: ['lastname'], message: 'required' },
    ]);
    const withdrawal = { name, orderNumber: '100001', email: 'anna@example.org' };
    expect(issues(withdrawalRequestSchema.safeParse(withdrawal))).toEqual([{ path: ['name'], message: 'required' }]);
  });

  it('keep names that hold a visible letter beside such characters, as typed (trimmed at the ends only)', () => {
    for (const name of ['Anna', ' Ana María ', 'Mehr\u200cdad', 'O’Brien', '李\u200b', '\u200bLena', 'Zoë\ufe0f'])
      expect(nameSchema.parse(name), name).toBe(name.trim());
  });
});

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

  it('shows a payment that came after the hold ended as such, not as expired, and once refunded as refunded', () => {
    const late = {
      ...order('cancelled', false, [], over, 'hold_expired'),
      latePayment: { amount: 578, refundedAt: null },
    };
    expect(orderDisplayStatus(late, now)).toBe('latePayment');
    const refunded = { ...late, latePayment: { amount: 578, refundedAt: now.toISOString() } };
    expect(orderDisplayStatus(refunded, now)).toBe('latePaymentRefunded');
    // A withdrawal still says more; an order that is not cancelled has no late payment to show.
    expect(orderDisplayStatus({ ...late, withdrawal: 'withdrawn' }, now)).toBe('withdrawn');
    expect(orderDisplayStatus({ ...late, status: 'paid' }, now)).toBe('paid');
    expect(orderStatusTone('latePayment')).toBe('warning');
    expect(orderStatusTone('latePaymentRefunded')).toBe('warning');
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

describe('the password rule (spec: A-Z, a-z, digits and @$!%*?&# only)', () => {
  const codes = (value: string) => newPasswordSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
  it('names the first refused character, and refuses the hyphen, dot and underscore as the spec says', () => {
    expect(refusedPasswordCharacter('Kcx7-pQ2r.Lm9_Tz')).toBe('-');
    expect(refusedPasswordCharacter('Kcx7pQ2r.Lm9_Tz')).toBe('.');
    expect(refusedPasswordCharacter('Kcx7pQ2rLm9_Tz')).toBe('_');
    expect(refusedPasswordCharacter('Grüße1!a')).toBe('ü');
    expect(refusedPasswordCharacter('Sprache1!')).toBeUndefined();
    expect(codes('Kcx7-pQ2r.Lm9_Tz')[0]).toBe('password_characters');
  });
  it('accepts what a generator following passwordrules makes', () => {
    expect(codes('Kcx7#pQ2r?Lm9&Tz')).toEqual([]);
    expect(codes('abcdefg1')).toEqual(['password_weak']);
  });
});
