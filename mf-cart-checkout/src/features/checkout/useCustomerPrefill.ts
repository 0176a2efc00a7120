import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { fetchBillingAddress, useCustomerStore, type CheckoutForm, type Customer } from '@shop/shared';
import type { CheckoutDraft } from './checkoutDraft.ts';

/**
 * A customer's e-mail is fixed; newsletter, phone and birth year start from the profile, the address from the saved
 * one. What the buyer typed, now or in the restored `draft`, wins.
 */
export function useCustomerPrefill(
  form: UseFormReturn<CheckoutForm>,
  draft: CheckoutDraft | null,
  loggedIn: boolean,
  customer: Customer | null,
) {
  useEffect(() => {
    if (!loggedIn) return;
    void useCustomerStore.getState().load();
    let active = true;
    fetchBillingAddress()
      .then((address) => {
        if (!active || !address) return;
        for (const [key, value] of Object.entries(address)) {
          const name = `billingAddress.${key}` as 'billingAddress.firstname';
          // What the buyer typed, now or in the draft, wins over the saved address.
          if (!form.getFieldState(name).isDirty && !draft?.billingAddress[key as 'firstname'])
            form.setValue(name, value ?? '');
        }
      })
      .catch((error: unknown) => console.error('Billing address could not be loaded', error));
    return () => {
      active = false;
    };
  }, [loggedIn, form, draft]);
  useEffect(() => {
    if (!customer) return;
    form.setValue('email', customer.email);
    if (!form.getFieldState('marketingOptIn').isDirty)
      form.setValue('marketingOptIn', customer.isSubscribedToNewsletter === 1);
    for (const [field, value] of [
      ['firstname', customer.firstname],
      ['lastname', customer.lastname],
      ['phone', customer.phone],
      ['birthYear', customer.birthYear],
    ] as const) {
      const name = `billingAddress.${field}` as const;
      if (!form.getValues(name) && value) form.setValue(name, value);
    }
  }, [customer, form]);
}
