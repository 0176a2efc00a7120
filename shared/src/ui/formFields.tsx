import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The one form-field kit of the shop (react-hook-form + the contract's validation codes): label with a required
 * mark, hint and error linked to the control through aria-describedby (WCAG 1.3.1, 3.3.1). Only types come
 * from react-hook-form, so the kit adds nothing to the shared bundle; each area binds its own translated texts
 * with `createFieldKit` (docs/decisions/0024-one-source-per-rule.md).
 */

/** What the kit needs of a form: any `useForm` result fits, whatever its context and output types. */
export type FieldForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;

export interface FieldTexts {
  /** A validation code of the contract (`required`, `zip`…) as text; anything unknown reads as "invalid". */
  error: (code: string) => string;
  /** Read to screen readers after a required field's label, e.g. "required". */
  required: string;
  /** A required checkbox left unticked asks to confirm, not to fill in; without it `error('required')` is used. */
  confirm?: string;
}

interface FieldProps<T extends FieldValues> {
  form: FieldForm<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  /** A code shown even before submit (e.g. a live mismatch) while the form has none of its own. */
  liveError?: string;
  /** A text for a code that names what was typed (e.g. the refused character); undefined leaves the area's text. */
  errorText?: (code: string) => string | undefined;
}

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'disabled' | 'readOnly' | 'maxLength' | 'minLength'
> & {
  /** The `passwordrules` attribute: what a password generator must make (not in React's types). */
  passwordRules?: string;
};

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function RequiredMark({ required, text }: { required?: boolean; text: string }) {
  if (!required) return null;
  return (
    <>
      <span className="shop-field__required" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="shop-visually-hidden"> ({text})</span>
    </>
  );
}

/** The kit with an area's texts; call once per area, at module level, and use its components in every form. */
export function createFieldKit(useTexts: () => FieldTexts) {
  /** The field's error as text: the form's own, else `liveError`; undefined when there is none. */
  function useFieldError<T extends FieldValues>(
    form: FieldForm<T>,
    name: Path<T>,
    liveError?: string,
    errorText?: (code: string) => string | undefined,
  ): string | undefined {
    const texts = useTexts();
    const code = form.getFieldState(name, form.formState).error?.message ?? liveError;
    return code ? (errorText?.(code) ?? texts.error(code)) : undefined;
  }

  function FieldFrame({
    id,
    label,
    required,
    hint,
    error,
    children,
  }: {
    id: string;
    label: string;
    required?: boolean;
    hint?: ReactNode;
    error?: string;
    children: ReactNode;
  }) {
    const texts = useTexts();
    return (
      <div className="shop-field">
        <label htmlFor={id}>
          {label}
          <RequiredMark required={required} text={texts.required} />
        </label>
        {children}
        {hint ? (
          <span id={`${id}-hint`} className="shop-field__hint">
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={`${id}-error`} className="shop-field__error">
            {error}
          </span>
        ) : null}
      </div>
    );
  }

  function TextField<T extends FieldValues>({
    form,
    name,
    label,
    hint,
    required,
    liveError,
    errorText,
    type = 'text',
    passwordRules,
    ...input
  }: FieldProps<T> & InputProps) {
    const id = useId();
    const error = useFieldError(form, name, liveError, errorText);
    return (
      <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
        <input
          id={id}
          type={type}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
          {...(passwordRules ? { passwordrules: passwordRules } : {})}
          {...form.register(name)}
        />
      </FieldFrame>
    );
  }

  function SelectField<T extends FieldValues>({
    form,
    name,
    label,
    hint,
    required,
    options,
    autoComplete,
  }: FieldProps<T> & { options: readonly { value: string; label: string }[]; autoComplete?: string }) {
    const id = useId();
    const error = useFieldError(form, name);
    return (
      <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
        <select
          id={id}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...form.register(name)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldFrame>
    );
  }

  /** A checkbox for a boolean value; `onChange` replaces the form's own handler (e.g. to clear other fields too). */
  function CheckboxField<T extends FieldValues>({
    form,
    name,
    label,
    required,
    onChange,
  }: Omit<FieldProps<T>, 'label' | 'hint' | 'liveError'> & {
    label: ReactNode;
    onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  }) {
    const id = useId();
    const texts = useTexts();
    const fieldError = useFieldError(form, name);
    const unticked = form.getFieldState(name, form.formState).error?.message === 'required';
    const error = unticked && texts.confirm ? texts.confirm : fieldError;
    const registered = form.register(name);
    return (
      <div className="shop-check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registered}
          onChange={onChange ?? registered.onChange}
        />
        <label htmlFor={id}>
          {label}
          <RequiredMark required={required} text={texts.required} />
        </label>
        {error ? (
          <span id={`${id}-error`} className="shop-field__error">
            {error}
          </span>
        ) : null}
      </div>
    );
  }

  return { TextField, SelectField, CheckboxField, useFieldError };
}
