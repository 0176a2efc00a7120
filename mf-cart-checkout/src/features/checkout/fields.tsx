import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { ValidationCode } from '@shop/shared';
import { invalidKey, validationKeys } from './texts.ts';

interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
}

/**
 * The contract's validation codes (`required`, `zip`…) as text; anything else reads as "invalid". `keys`
 * words a code differently for one kind of control (a required checkbox asks to confirm, not to fill in).
 */
function useError<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  name: Path<T>,
  keys: Partial<Record<ValidationCode, string>> = validationKeys,
): string | undefined {
  const { t } = useTranslation();
  const code = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  if (!code) return undefined;
  return t(keys[code as ValidationCode] ?? validationKeys[code as ValidationCode] ?? invalidKey);
}

const checkboxKeys: Partial<Record<ValidationCode, string>> = { required: 'cartCheckout.checkout.validation.confirm' };

function RequiredMark({ required }: { required?: boolean }) {
  const { t } = useTranslation();
  if (!required) return null;
  return (
    <>
      <span aria-hidden="true"> *</span>
      <span className="shop-visually-hidden"> ({t('cartCheckout.checkout.required')})</span>
    </>
  );
}

/** A labelled input with hint and error linked through aria-describedby (WCAG 1.3.1, 3.3.1). */
export function TextInput<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  ...input
}: FieldProps<T> & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'readOnly' | 'maxLength'>) {
  const id = useId();
  const error = useError(form, name);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="shop-field">
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy} {...input} {...form.register(name)} />
      {hint ? <span id={`${id}-hint`} className="checkout-hint">{hint}</span> : null}
      {error ? <span id={`${id}-error`} className="shop-field__error">{error}</span> : null}
    </div>
  );
}

export function Checkbox<T extends FieldValues>({
  form,
  name,
  label,
  required,
  onChange,
}: Omit<FieldProps<T>, 'label'> & { label: ReactNode; onChange?: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  const error = useError(form, name, checkboxKeys);
  const registered = form.register(name);
  return (
    <div className="checkout-check">
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={error ? `${id}-error` : undefined} {...registered} onChange={onChange ?? registered.onChange} />
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {error ? <span id={`${id}-error`} className="shop-field__error">{error}</span> : null}
    </div>
  );
}

export { useError };
