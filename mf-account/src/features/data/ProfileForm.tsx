import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Button,
  changedProfileFields,
  profileFormSchema,
  profileFormValues,
  updateCustomer,
  useCustomerStore,
  type Customer,
  type ProfileForm as ProfileFormValues,
} from '@shop/shared';
import { FlagCheckboxField, TextField } from '../forms/fields.tsx';
import { EmailField, NameFields } from '../forms/personFields.tsx';
import { applyServerFieldErrors, isTooManyRequests } from '../forms/messages.ts';

export type ProfileOutcome = 'saved' | 'emailChangeRequested' | 'error' | 'tooManyAttempts';

/**
 * docs/product-rules.md#states Profile save: fields checked, button disabled while saving, only changed fields sent; on success the
 * customer is reloaded and the form reset to it.
 */
export function ProfileForm({
  customer,
  onOutcome,
}: {
  customer: Customer;
  onOutcome: (outcome: ProfileOutcome) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(customer),
  });

  const submit = form.handleSubmit(async (values) => {
    const changes = changedProfileFields(customer, values);
    try {
      const { emailChangeRequested } =
        Object.keys(changes).length > 0 ? await updateCustomer(changes) : { emailChangeRequested: false };
      const reloaded = await useCustomerStore.getState().load({ force: true });
      // Without the reloaded customer the form shows what was saved, not the data from before the save; the address
      // stays the current one, since a new one applies only once confirmed.
      form.reset(reloaded ? profileFormValues(reloaded) : { ...values, email: customer.email });
      onOutcome(emailChangeRequested ? 'emailChangeRequested' : 'saved');
    } catch (error) {
      applyServerFieldErrors(error, form.setError, [
        'displayName',
        'email',
        'firstname',
        'lastname',
        'phone',
        'birthYear',
      ]);
      // A 429 (e-mail changes are counted): another try at once would fail again.
      onOutcome(isTooManyRequests(error) ? 'tooManyAttempts' : 'error');
    }
  });

  const saving = form.formState.isSubmitting;
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="account-profile-title"
    >
      <h2 id="account-profile-title">{t('account.data.profileTitle')}</h2>
      <NameFields form={form} />
      <TextField form={form} name="displayName" autoComplete="nickname" label={t('account.fields.displayName')} />
      <EmailField form={form} />
      <div className="account-form__row">
        <TextField form={form} name="phone" type="tel" autoComplete="tel" label={t('account.fields.phone')} />
        <TextField
          form={form}
          name="birthYear"
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
          label={t('account.fields.birthYear')}
        />
      </div>
      <FlagCheckboxField form={form} name="isSubscribedToNewsletter" label={t('account.fields.newsletter')} />
      <div className="account-form__actions">
        <Button type="submit" disabled={saving}>
          {t(saving ? 'account.data.saving' : 'account.data.save')}
        </Button>
      </div>
    </form>
  );
}
