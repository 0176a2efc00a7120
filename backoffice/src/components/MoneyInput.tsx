import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext, type Validator } from 'react-admin';
import { centsToGermanDecimal, parseEuroText } from '@shop/shared/money';

/**
 * The form holds what the admin contract holds, integer cents (a `…Cents` field); staff read and type euros in
 * German ("289,50"). Text that is no amount stays text in the form, so its validator can say why (docs/decisions/
 * 0136-admin-money-in-cents.md).
 */
export const moneyText = (value: unknown): string =>
  typeof value === 'number' ? centsToGermanDecimal(value) : typeof value === 'string' ? value : '';

/** What typed text puts into the form: cents, null when empty, the text itself when it is no amount. */
export function moneyValue(text: string): number | string | null {
  if (text.trim() === '') return null;
  const parsed = parseEuroText(text);
  return 'cents' in parsed ? parsed.cents : text;
}

/** Why typed text is no amount (more than two decimals, negative, not a number), as a text key. */
export function moneyErrorKey(text: string): string {
  const parsed = parseEuroText(text);
  return 'error' in parsed ? `bo.fieldError.${parsed.error}` : '';
}

/** The validator of a MoneyInput: the form holds text only when it is no amount. */
export const moneyError: Validator = (value: unknown) =>
  typeof value === 'string' ? moneyErrorKey(value) || undefined : undefined;

interface MoneyInputProps {
  source: string;
  validate?: Validator | Validator[];
  helperText?: string | false;
  label?: string;
}

/** A euro amount of a react-admin form whose value is cents; the API's field errors land on it by `source`. */
export function MoneyInput({ source, validate, helperText, label }: MoneyInputProps) {
  const resource = useResourceContext();
  const extra = validate === undefined ? [] : Array.isArray(validate) ? validate : [validate];
  const { id, field, fieldState, isRequired } = useInput({
    source,
    validate: [moneyError, ...extra],
    // The value is cents or the refused text as it stands; react-admin's default '' ↔ null mapping is not wanted.
    format: (value: unknown) => value,
    parse: (value: unknown) => value,
  });
  const [text, setText] = useState(() => moneyText(field.value));
  // A value set from outside (a loaded record, a reset) replaces the text; what is being typed is left as typed.
  useEffect(() => {
    if (moneyValue(text) !== (field.value ?? null)) setText(moneyText(field.value));
  }, [field.value]);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(moneyValue(event.target.value));
      }}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={
        helperText !== false || fieldState.invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : null
      }
      size="small"
      margin="dense"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
    />
  );
}
