import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutForm, PriceResult } from '@shop/shared';

/**
 * The payment methods the server offers for this cart. The first is chosen when something is to be paid and none
 * of them is (docs/product-rules.md#states).
 */
export function usePaymentMethodChoice(form: UseFormReturn<CheckoutForm>, priceResult: PriceResult | null) {
  const methods = priceResult?.paymentMethods ?? [];
  useEffect(() => {
    const chosen = form.getValues('selectedPaymentMethod');
    if ((priceResult?.totalPrice ?? 0) > 0 && methods.length > 0 && !methods.some((m) => m.id === chosen))
      form.setValue('selectedPaymentMethod', methods[0]!.id);
  }, [priceResult, methods, form]);
  return methods;
}
