import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, passwordChangeFormSchema, updatePassword, useAuthStore, type PasswordChangeForm } from '@shop/shared';
import { TextField } from '../forms/fields.tsx';
import { applyServerFieldErrors, isTooManyRequests } from '../forms/messages.ts';
import { NewPasswordFields, usePasswordMismatch } from '../forms/passwords.tsx';

const empty: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * docs/product-rules.md#states Password form: disabled while saving or while the passwords differ; success clears the fields.
 * The server ends every session and hands this one a new token, which replaces the old one here.
 */
export function PasswordForm({
  onOutcome,
}: {
  onOutcome: (outcome: 'passwordSaved' | 'passwordError' | 'tooManyAttempts') => void;
}) {
  const { t } = useTranslation();
  const form = useForm<PasswordChangeForm>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: empty });
  const mismatch = usePasswordMismatch(form);

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { token } = await updatePassword({ currentPassword, newPassword });
      useAuthStore.getState().replaceToken(token);
      form.reset(empty);
      onOutcome('passwordSaved');
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
      // A 429 (each check of the current password is counted) is no wrong password: it says to wait.
      onOutcome(isTooManyRequests(error) ? 'tooManyAttempts' : 'passwordError');
    }
  });

  const saving = form.formState.isSubmitting;
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="account-password-title"
    >
      <h2 id="account-password-title">{t('account.data.passwordTitle')}</h2>
      <TextField
        form={form}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={t('account.fields.currentPassword')}
        required
      />
      <NewPasswordFields form={form} mismatch={mismatch} />
      <div className="account-form__actions">
        <Button type="submit" disabled={saving || mismatch}>
          {t(saving ? 'account.data.saving' : 'account.data.changePassword')}
        </Button>
      </div>
    </form>
  );
}
