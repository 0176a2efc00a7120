import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  Banner,
  Button,
  billingAddressSchema,
  countries,
  defaultCountry,
  fetchBillingAddress,
  saveBillingAddress,
  useCustomerStore,
  useLoad,
  type BillingAddressForm,
} from '@shop/shared';
import { AccountScreen } from '../account/AccountLayout.tsx';
import { SelectField, TextField } from '../forms/fields.tsx';
import { NameFields } from '../forms/personFields.tsx';
import { applyServerFieldErrors } from '../forms/messages.ts';

/** docs/product-rules.md#limits: the address success banner stays 5 s. */
export const addressBannerMs = 5000;

function AddressForm({ initial }: { initial: BillingAddressForm }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ tone: 'success' | 'alert'; text: string } | null>(null);
  const form = useForm<BillingAddressForm>({ resolver: zodResolver(billingAddressSchema), defaultValues: initial });

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => {
      // The notice took the focus when it appeared: before it goes, the focus moves on to the save button, or it
      // would drop to the page and the next Tab would start at its top (WCAG 2.4.3).
      const form = formRef.current;
      if (form?.querySelector('.shop-banner')?.contains(document.activeElement))
        form.querySelector<HTMLElement>('button[type="submit"]')?.focus();
      setNotice(null);
    }, addressBannerMs);
    return () => clearTimeout(timer);
  }, [notice]);

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      form.reset(await saveBillingAddress(values));
      setNotice({ tone: 'success', text: t('account.address.saved') });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, [
        'firstname',
        'lastname',
        'addressLine1',
        'addressLine2',
        'city',
        'zip',
        'country',
      ]);
      // docs/product-rules.md#errors: the error's own (translated) message when the server sent one, else a generic text.
      const message = error instanceof ApiError ? error.body?.meta?.message : undefined;
      setNotice({ tone: 'alert', text: message ?? t('account.address.error') });
    }
  });

  const saving = form.formState.isSubmitting;
  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {/* The answer takes the focus the disabled button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
      {notice ? (
        <Banner tone={notice.tone} takeFocus>
          {notice.text}
        </Banner>
      ) : null}
      <NameFields form={form} />
      <TextField form={form} name="addressLine2" autoComplete="organization" label={t('account.fields.company')} />
      <TextField form={form} name="addressLine1" autoComplete="address-line1" label={t('account.fields.street')} />
      <div className="account-form__row">
        <TextField
          form={form}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          label={t('account.fields.zip')}
        />
        <TextField form={form} name="city" autoComplete="address-level2" label={t('account.fields.city')} />
      </div>
      <SelectField
        form={form}
        name="country"
        autoComplete="country"
        label={t('account.fields.country')}
        required
        options={countries.map((code) => ({ value: code, label: t(`account.countries.${code}`) }))}
      />
      <div className="account-form__actions">
        <Button type="submit" disabled={saving}>
          {t(saving ? 'account.address.saving' : 'account.address.save')}
        </Button>
      </div>
    </form>
  );
}

function AddressContent() {
  const { t } = useTranslation();
  const customer = useCustomerStore((state) => state.customer)!;
  // No saved address yet (or it could not be read): start from the customer's name and the default country.
  const load = useLoad(
    `${customer.firstname}\n${customer.lastname}`,
    async (): Promise<BillingAddressForm> =>
      (await fetchBillingAddress()) ?? {
        firstname: customer.firstname,
        lastname: customer.lastname,
        addressLine1: '',
        addressLine2: '',
        city: '',
        zip: '',
        country: defaultCountry,
      },
  );
  const initial = load.status === 'done' ? load.data : null;
  return (
    <>
      <p>{t('account.address.intro')}</p>
      {initial ? <AddressForm initial={initial} /> : <p role="status">{t('common.loading')}</p>}
    </>
  );
}

/** /account-address: the billing address form with the countries of docs/product-rules.md#validation. */
export function AddressPage() {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.address.title')}>
      <AddressContent />
    </AccountScreen>
  );
}
