import { useTranslation } from 'react-i18next';
import type { FieldValues, Path } from 'react-hook-form';
import type { FieldForm } from '@shop/shared';
import { TextField } from './fields.tsx';

/** A form whose values carry the person's name (registration, profile, billing address). */
type NamedValues = FieldValues & { firstname: string; lastname: string };

/** First and last name side by side, both required: the one name group of every account form. */
export function NameFields<T extends NamedValues>({ form }: { form: FieldForm<T> }) {
  const { t } = useTranslation();
  return (
    <div className="account-form__row">
      <TextField
        form={form}
        name={'firstname' as Path<T>}
        autoComplete="given-name"
        label={t('account.fields.firstname')}
        required
      />
      <TextField
        form={form}
        name={'lastname' as Path<T>}
        autoComplete="family-name"
        label={t('account.fields.lastname')}
        required
      />
    </div>
  );
}

/** The required e-mail address of an account (registration, profile). */
export function EmailField<T extends FieldValues & { email: string }>({ form }: { form: FieldForm<T> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'email' as Path<T>}
      type="email"
      autoComplete="email"
      label={t('account.fields.email')}
      required
    />
  );
}
