import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkoutFormSchema, defaultCountry, useCartStore, type CheckoutForm } from '@shop/shared';
import { saveCheckoutDraft, withCheckoutDraft } from './checkoutDraft.ts';

const emptyForm: CheckoutForm = {
  email: '',
  marketingOptIn: false,
  billingAddress: {
    firstname: '',
    lastname: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    zip: '',
    country: defaultCountry,
    phone: '',
    birthYear: '',
  },
  courses: [],
  comment: '',
  selectedPaymentMethod: '',
  acceptTerms: false,
  acceptCancellationPolicy: false,
  earlyStartNeeded: false,
  earlyStartRequested: false,
};

/**
 * The checkout form. What the buyer typed earlier in this tab comes back, and what they type is kept
 * (checkoutDraft.ts, docs/product-rules.md#screens Checkout); `draft` is what came back, or null.
 */
export function useCheckoutForm(done: { readonly current: boolean }) {
  const [start] = useState(() => withCheckoutDraft(emptyForm));
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: start.values,
    mode: 'onTouched',
  });
  useEffect(() => {
    const subscription = form.watch((values) => {
      // Not once the order is placed, nor while the cart empties (its participants would go with it).
      if (done.current || useCartStore.getState().items.length === 0) return;
      saveCheckoutDraft(values as CheckoutForm);
    });
    return () => subscription.unsubscribe();
  }, [form, done]);
  return { form, draft: start.draft };
}
