import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { createFieldKit } from '@shop/shared';
import { validationText } from './messages.ts';

/** The shop's one field kit, with the account's texts. */
export const { TextField, SelectField, CheckboxField } = createFieldKit(() => {
  const { t } = useTranslation();
  return { error: (code) => validationText(t, code) ?? '', required: t('account.fields.required') };
});

/**
 * A checkbox for a flag the API speaks as 1 or 0 (docs/product-rules.md#limits newsletter); only the account
 * edits such a flag, so it stays here.
 */
export function FlagCheckboxField<T extends FieldValues, C, TOut>({
  form,
  name,
  label,
}: {
  form: { control: Control<T, C, TOut> };
  name: Path<T>;
  label: string;
}) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="shop-check">
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
