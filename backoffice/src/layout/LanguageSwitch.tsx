import { MenuItem, TextField } from '@mui/material';
import { useEffect, useId } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/** Keeps `<html lang>` on the language shown (screen readers pronounce by it). */
export function DocumentLanguage() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

/** The language of the back office: German first, English and Spanish offered; react-admin's store keeps the choice. */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size="small"
      label={translate('bo.app.language')}
      value={locale}
      onChange={(event) => setLocale(event.target.value)}
      sx={
        onDark
          ? {
              minWidth: 130,
              '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
              '& .MuiInputLabel-root.Mui-focused': { color: 'inherit' },
              '& .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor' },
            }
          : { minWidth: 130 }
      }
    >
      {locales.map(({ locale: value, name }) => (
        <MenuItem key={value} value={value} lang={value}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
