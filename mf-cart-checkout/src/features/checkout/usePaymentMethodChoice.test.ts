import { renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { CheckoutForm, PaymentMethod, PriceResult } from '@shop/shared';
import { usePaymentMethodChoice } from './usePaymentMethodChoice.ts';

const method = (id: PaymentMethod['id']): PaymentMethod => ({ id, description: id, image: { svg: '<svg/>' } });
const priced = (totalPrice: number, methods: PaymentMethod[]): PriceResult => ({
  items: [],
  subtotal: totalPrice,
  totalPrice,
  paymentMethods: methods,
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
});

function choose(priceResult: PriceResult | null, chosen = '') {
  return renderHook(
    ({ result }) => {
      const form = useForm<CheckoutForm>({ defaultValues: { selectedPaymentMethod: chosen } });
      return { form, methods: usePaymentMethodChoice(form, result) };
    },
    { initialProps: { result: priceResult } },
  );
}
const chosenOf = (hook: ReturnType<typeof choose>) => hook.result.current.form.getValues('selectedPaymentMethod');

describe('usePaymentMethodChoice', () => {
  it('chooses the first method offered when something is to be paid and none is chosen', () => {
    const hook = choose(priced(500, [method('eps'), method('creditcard')]));
    expect(hook.result.current.methods.map((m) => m.id)).toEqual(['eps', 'creditcard']);
    expect(chosenOf(hook)).toBe('eps');
  });

  it('keeps a method still offered, and replaces one no longer offered', () => {
    const hook = choose(priced(500, [method('eps'), method('creditcard')]), 'creditcard');
    expect(chosenOf(hook)).toBe('creditcard');
    hook.rerender({ result: priced(500, [method('eps')]) });
    expect(chosenOf(hook)).toBe('eps');
  });

  it('chooses nothing while nothing is priced or nothing is to be paid', () => {
    const unpriced = choose(null);
    expect(unpriced.result.current.methods).toEqual([]);
    expect(chosenOf(unpriced)).toBe('');
    expect(chosenOf(choose(priced(0, [method('eps')])))).toBe('');
  });
});
