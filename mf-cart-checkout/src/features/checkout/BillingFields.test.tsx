import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultCountry, registerTranslations, type CheckoutForm } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { BillingFields } from './BillingFields.tsx';

beforeAll(async () => {
  await startI18n();
  await registerTranslations(areaTranslations);
});
afterEach(cleanup);

let form: UseFormReturn<CheckoutForm>;
function Harness() {
  form = useForm<CheckoutForm>({ defaultValues: { billingAddress: { country: defaultCountry } } });
  return <BillingFields form={form} />;
}

describe('BillingFields', () => {
  it('links the country select to its error like every other field (WCAG 1.3.1, 3.3.1)', () => {
    render(<Harness />);
    const country = screen.getByRole('combobox', { name: /^Land/ });
    expect(country.getAttribute('aria-invalid')).toBeNull();
    expect(country.getAttribute('aria-describedby')).toBeNull();

    act(() => form.setError('billingAddress.country', { message: 'country' }));
    expect(country.getAttribute('aria-invalid')).toBe('true');
    const describedBy = country.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toBe('Bitte wählen Sie ein Land.');
  });
});
