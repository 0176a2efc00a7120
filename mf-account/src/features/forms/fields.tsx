import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { validationText } from './messages.ts';

interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  hint?: string;
  required?: boolean;
  /** A message shown even before submit (e.g. a live mismatch), when the form has none of its own. */
  liveError?: string;
}

/** Label, then hint and error linked to the control through aria-describedby (WCAG 1.3.1, 3.3.1). */
function FieldFrame({ id, label, required, hint, error, children }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="shop-field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            <span className="account-field__required" aria-hidden="true"> *</span>
            <span className="shop-visually-hidden"> ({t('account.fields.required')})</span>
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className="account-field__hint">
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

function useFieldState<T extends FieldValues>({ form, name, liveError }: FieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const code = form.getFieldState(name, form.formState).error?.message ?? liveError;
  const error = validationText(t, code);
  return { id, error };
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function TextField<T extends FieldValues>(
  props: FieldProps<T> & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'disabled' | 'maxLength'>,
) {
  const { form, name, label, hint, required, type = 'text', autoComplete, inputMode, disabled, maxLength } = props;
  const { id, error } = useFieldState(props);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        disabled={disabled}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...form.register(name)}
      />
    </FieldFrame>
  );
}

export function SelectField<T extends FieldValues>(props: FieldProps<T> & { options: readonly { value: string; label: string }[] }) {
  const { form, name, label, hint, required, options } = props;
  const { id, error } = useFieldState(props);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select id={id} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...form.register(name)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox for a boolean value. */
export function CheckboxField<T extends FieldValues>({ form, name, label }: Pick<FieldProps<T>, 'form' | 'name' | 'label'>) {
  const id = useId();
  return (
    <div className="account-check">
      <input id={id} type="checkbox" {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A checkbox for a flag the API speaks as 1 or 0 (docs/product-rules.md#limits newsletter). */
export function FlagCheckboxField<T extends FieldValues>({ form, name, label }: Pick<FieldProps<T>, 'form' | 'name' | 'label'>) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="account-check">
          <input
            id={id}
            type="checkbox"
            name={field.name}
            ref={field.ref}
            checked={field.value === 1}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
          />
          <label htmlFor={id}>{label}</label>
        </div>
      )}
    />
  );
}
