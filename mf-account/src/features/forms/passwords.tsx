import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import {
  passwordRules,
  passwordRulesAttribute,
  refusedPasswordCharacter,
  ValidationCode,
  type FieldForm,
} from '@shop/shared';
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

/**
 * A field for a new password: the spec's rule stands under it before anything is typed, `minlength`, `maxlength`
 * and `passwordrules` tell generators what to make, and a refused character is named in the error
 * (docs/decisions/0125-essentials-before-the-button-and-a-visible-password-rule.md).
 */
export function NewPasswordInput<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: FieldForm<T> & Pick<UseFormReturn<T>, 'watch'>;
  name: Path<T>;
  label: string;
}) {
  const { t } = useTranslation();
  const value = form.watch(name) as string | undefined;
  const errorText = (code: string) => {
    const character = code === ValidationCode.passwordCharacters ? refusedPasswordCharacter(value ?? '') : undefined;
    if (character === undefined) return undefined;
    const key = character === ' ' ? 'account.validation.password_space' : 'account.validation.password_character';
    return t(key, { character, specials: passwordRules.specials });
  };
  return (
    <TextField
      form={form}
      name={name}
      type="password"
      autoComplete="new-password"
      minLength={passwordRules.minLength}
      maxLength={passwordRules.maxLength}
      passwordRules={passwordRulesAttribute}
      label={label}
      hint={t('account.passwordHint', { specials: passwordRules.specials })}
      errorText={errorText}
      required
    />
  );
}

/** New password and its repetition, with the rules as a hint and the live mismatch on the repetition. */
export function NewPasswordFields<T extends PasswordPair>({
  form,
  mismatch,
}: {
  form: FieldForm<T> & Pick<UseFormReturn<T>, 'watch'>;
  mismatch: boolean;
}) {
  const { t } = useTranslation();
  const [newPassword, confirmPassword] = pair<T>();
  return (
    <>
      <NewPasswordInput form={form} name={newPassword!} label={t('account.fields.newPassword')} />
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
