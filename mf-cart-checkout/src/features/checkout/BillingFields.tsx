import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { countries, type CheckoutForm } from '@shop/shared';
import { TextInput, useError } from './fields.tsx';
import { countryKeys } from './texts.ts';

/** Billing address block (docs/product-rules.md#screens, #validation): names, street, zip, city, country required; company, phone, birth year optional. */
export function BillingFields({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const { t } = useTranslation();
  const countryId = useId();
  const countryError = useError(form, 'billingAddress.country');
  return (
    <fieldset className="checkout-section">
      <legend>{t('cartCheckout.checkout.billing.title')}</legend>
      <div className="checkout-grid">
        <TextInput
          form={form}
          name="billingAddress.firstname"
          label={t('cartCheckout.checkout.billing.firstname')}
          required
          autoComplete="billing given-name"
        />
        <TextInput
          form={form}
          name="billingAddress.lastname"
          label={t('cartCheckout.checkout.billing.lastname')}
          required
          autoComplete="billing family-name"
        />
        <TextInput
          form={form}
          name="billingAddress.addressLine2"
          label={t('cartCheckout.checkout.billing.company')}
          autoComplete="billing organization"
        />
        <TextInput
          form={form}
          name="billingAddress.addressLine1"
          label={t('cartCheckout.checkout.billing.street')}
          required
          autoComplete="billing address-line1"
        />
        <TextInput
          form={form}
          name="billingAddress.zip"
          label={t('cartCheckout.checkout.billing.zip')}
          required
          inputMode="numeric"
          maxLength={5}
          autoComplete="billing postal-code"
        />
        <TextInput
          form={form}
          name="billingAddress.city"
          label={t('cartCheckout.checkout.billing.city')}
          required
          autoComplete="billing address-level2"
        />
        <div className="shop-field">
          <label htmlFor={countryId}>
            {t('cartCheckout.checkout.billing.country')}
            <span aria-hidden="true"> *</span>
            <span className="shop-visually-hidden"> ({t('cartCheckout.checkout.required')})</span>
          </label>
          <select
            id={countryId}
            autoComplete="billing country"
            aria-invalid={countryError ? true : undefined}
            {...form.register('billingAddress.country')}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {t(countryKeys[code])}
              </option>
            ))}
          </select>
          {countryError ? <span className="shop-field__error">{countryError}</span> : null}
        </div>
        <TextInput
          form={form}
          name="billingAddress.phone"
          label={t('cartCheckout.checkout.billing.phone')}
          type="tel"
          autoComplete="billing tel"
        />
        <TextInput
          form={form}
          name="billingAddress.birthYear"
          label={t('cartCheckout.checkout.billing.birthYear')}
          inputMode="numeric"
          maxLength={4}
        />
      </div>
    </fieldset>
  );
}
