import type { UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { CheckoutForm } from '@shop/shared';
import { Checkbox } from './fields.tsx';
import { cancellationUrl, privacyUrl, termsUrl } from './links.ts';

/** The terms and the cancellation policy, both to be accepted. */
export function ConsentFields({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout-section">
      <legend>{t('cartCheckout.checkout.consents.title')}</legend>
      <Checkbox
        form={form}
        name="acceptTerms"
        required
        label={
          <Trans
            i18nKey="cartCheckout.checkout.consents.terms"
            components={{
              terms: <a href={termsUrl} target="_blank" rel="noreferrer" />,
              privacy: <a href={privacyUrl} target="_blank" rel="noreferrer" />,
            }}
          />
        }
      />
      <Checkbox
        form={form}
        name="acceptCancellationPolicy"
        required
        label={
          <Trans
            i18nKey="cartCheckout.checkout.consents.cancellation"
            components={{ policy: <a href={cancellationUrl} target="_blank" rel="noreferrer" /> }}
          />
        }
      />
    </fieldset>
  );
}
