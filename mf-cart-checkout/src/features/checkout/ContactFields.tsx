import type { UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CheckoutForm, Customer } from '@shop/shared';
import { Checkbox, TextInput } from './fields.tsx';

/** The buyer's e-mail (a customer's is fixed) and the newsletter choice. */
export function ContactFields({
  form,
  customer,
  loggedIn,
}: {
  form: UseFormReturn<CheckoutForm>;
  customer: Customer | null;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout-section">
      <legend>{t('cartCheckout.checkout.contact.title')}</legend>
      <TextInput
        form={form}
        name="email"
        type="email"
        autoComplete="email"
        label={t('cartCheckout.checkout.contact.email')}
        required={!customer}
        readOnly={Boolean(customer)}
        // The login is offered to guests only, not to a customer whose account is still being read (or could
        // not be): the spec's "otherwise" is "not logged in".
        hint={
          customer ? (
            t('cartCheckout.checkout.contact.locked')
          ) : loggedIn ? undefined : (
            <Trans
              i18nKey="cartCheckout.checkout.contact.loginHint"
              components={{ login: <Link to="/login?redirect=/checkout" /> }}
            />
          )
        }
      />
      <Checkbox form={form} name="marketingOptIn" label={t('cartCheckout.checkout.contact.marketing')} />
    </fieldset>
  );
}
