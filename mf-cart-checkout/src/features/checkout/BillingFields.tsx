import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { countries, type CheckoutForm } from '@shop/shared';
import { Select, TextInput } from './fields.tsx';
import { countryKeys } from './texts.ts';

/** Billing address block (docs/product-rules.md#screens, #validation): names, street, zip, city, country required; company, phone, birth year optional. */
export function BillingFields({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const { t } = useTranslation();
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
        <Select
          form={form}
          name="billingAddress.country"
          label={t('cartCheckout.checkout.billing.country')}
          required
          autoComplete="billing country"
          options={countries.map((code) => ({ value: code, label: t(countryKeys[code]) }))}
        />
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
          // The buyer's own year of birth: named for autofill like every other field about them (WCAG 1.3.5).
          autoComplete="bday-year"
        />
      </div>
    </fieldset>
  );
}
