import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CartItem, CheckoutForm } from '@shop/shared';
import { participantsForCart } from './orderRequest.ts';

/** Participants follow the courses and their quantities (docs/product-rules.md#states). */
export function useParticipantsFollowCart(form: UseFormReturn<CheckoutForm>, items: readonly CartItem[]) {
  useEffect(() => {
    form.setValue('courses', participantsForCart(items, form.getValues('courses')));
  }, [items, form]);
}
