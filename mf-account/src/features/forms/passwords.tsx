import { useTranslation } from 'react-i18next';
import type { Path, UseFormReturn } from 'react-hook-form';
import { ValidationCode, type FieldForm } from '@shop/shared';
import { TextField } from './fields.tsx';

interface PasswordPair {
  newPassword: string;
  confirmPassword: string;
}
const pair = <T extends PasswordPair>() => ['newPassword', 'confirmPassword'] as Path<T>[];

/** True once both fields are filled and differ (docs/product-rules.md#validation: the mismatch shows live once both are filled). */
export function usePasswordMismatch<T extends PasswordPair>(form: Pick<UseFormReturn<T>, 'watch'>): boolean {
  const [password, confirm] = form.watch(pair<T>()) as unknown as [string | undefined, string | undefined];
  return Boolean(password && confirm && password !== confirm);
}

/** New password and its repetition, with the rules as a hint and the live mismatch on the repetition. */
export function NewPasswordFields<T extends PasswordPair>({
  form,
  mismatch,
}: {
  form: FieldForm<T>;
  mismatch: boolean;
}) {
  const { t } = useTranslation();
  const [newPassword, confirmPassword] = pair<T>();
  return (
    <>
      <TextField
        form={form}
        name={newPassword!}
        type="password"
        autoComplete="new-password"
        label={t('account.fields.newPassword')}
        hint={t('account.passwordHint')}
        required
      />
      <TextField
        form={form}
        name={confirmPassword!}
        type="password"
        autoComplete="new-password"
        label={t('account.fields.confirmPassword')}
        liveError={mismatch ? ValidationCode.passwordsMismatch : undefined}
        required
      />
      {/* The mismatch disables the submit button, which leaves the tab order without a word: said politely as it
          appears, with why the button is gone, from a region that is in the page before it (WCAG 4.1.3). The
          visible text is the field's error. */}
      <p className="shop-visually-hidden" role="status">
        {mismatch ? t('account.passwordMismatchStatus') : ''}
      </p>
    </>
  );
}
