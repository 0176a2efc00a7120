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

  it('names the purpose of every field about the buyer for autofill (WCAG 1.3.5)', () => {
    render(<Harness />);
    const purpose = (label: RegExp) => screen.getByLabelText(label).getAttribute('autocomplete');
    expect(purpose(/^Vorname/)).toBe('billing given-name');
    expect(purpose(/^Nachname/)).toBe('billing family-name');
    expect(purpose(/^Firma/)).toBe('billing organization');
    expect(purpose(/^Straße/)).toBe('billing address-line1');
    expect(purpose(/^PLZ/)).toBe('billing postal-code');
    expect(purpose(/^Ort/)).toBe('billing address-level2');
    expect(purpose(/^Land/)).toBe('billing country');
    expect(purpose(/^Telefon/)).toBe('billing tel');
    expect(purpose(/^Geburtsjahr/)).toBe('bday-year');
  });
});
