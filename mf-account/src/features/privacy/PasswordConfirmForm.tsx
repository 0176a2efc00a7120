import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, privacyPasswordRequestSchema, type PrivacyPasswordRequest } from '@shop/shared';
import { TextField } from '../forms/fields.tsx';
import { applyServerFieldErrors } from '../forms/messages.ts';

/**
 * The password asked again before a download or a deletion (docs/privacy.md). `confirm`, when given, is a checkbox
 * the visitor must tick first (the deletion's "I want this").
 */
export function PasswordConfirmForm({
  labelledBy,
  submit,
  submitting,
  confirm,
  onSubmit,
  testId,
}: {
  labelledBy: string;
  submit: string;
  submitting: string;
  confirm?: string;
  /** Rejects with the server's error, which puts a wrong password on the field. */
  onSubmit: (password: string) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const confirmId = useId();
  const form = useForm<PrivacyPasswordRequest>({
    resolver: zodResolver(privacyPasswordRequestSchema),
    defaultValues: { password: '' },
  });
  const [confirmed, setConfirmed] = useState(false);
  const send = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
      form.reset({ password: '' });
      setConfirmed(false);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['password']);
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby={labelledBy}
      data-testid={testId}
      onSubmit={(event) => void send(event)}
    >
      <TextField
        form={form}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('account.fields.password')}
        required
      />
      {confirm ? (
        <div className="shop-check">
          <input
            id={confirmId}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          <label htmlFor={confirmId}>{confirm}</label>
        </div>
      ) : null}
      <div className="account-form__actions">
        <Button type="submit" disabled={busy || (confirm !== undefined && !confirmed)}>
          {busy ? submitting : submit}
        </Button>
      </div>
    </form>
  );
}
