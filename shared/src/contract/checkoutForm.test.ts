import { describe, expect, it } from 'vitest';
import { earlyStartRequiredCode } from './withdrawal.ts';
import { checkoutFormSchema, type CheckoutForm } from './order.ts';

const form = (changes: Partial<CheckoutForm> = {}): CheckoutForm => ({
  email: 'ana@example.com',
  marketingOptIn: false,
  billingAddress: {
    firstname: 'Ana',
    lastname: 'García',
    addressLine1: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  courses: [],
  comment: '',
  selectedPaymentMethod: 'ideal',
  acceptTerms: true,
  acceptCancellationPolicy: true,
  earlyStartNeeded: true,
  earlyStartRequested: false,
  ...changes,
});

const issuePaths = (value: CheckoutForm) => {
  const parsed = checkoutFormSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('checkoutFormSchema: the early-start request', () => {
  it('is required when a course starts within the withdrawal period', () => {
    const parsed = checkoutFormSchema.safeParse(form());
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['earlyStartRequested'], message: earlyStartRequiredCode }),
    ]);
    expect(checkoutFormSchema.safeParse(form({ earlyStartRequested: true })).success).toBe(true);
  });

  it('is reported beside other fields’ errors, not only in a second round once they are right', () => {
    // Before, zod skipped the whole-form check while any field was wrong: the buyer corrected the address, sent
    // again, and only then learnt about the box.
    const paths = issuePaths(form({ billingAddress: { ...form().billingAddress, firstname: '' }, acceptTerms: false }));
    expect(paths).toEqual(expect.arrayContaining(['billingAddress.firstname', 'acceptTerms', 'earlyStartRequested']));
  });
});
