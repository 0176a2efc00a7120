import { Box, Typography } from '@mui/material';
import { TextInput, required, useTranslate } from 'react-admin';
import { languages } from '@shop/shared/contract';
import { languageNames } from '../i18n/i18nProvider.ts';

/** Title, pretitle and short description per language; German is required, English and Spanish fall back to it. */
export function TextsInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' }, gap: 2, width: '100%' }}>
      {languages.map((language) => (
        <Box
          component="fieldset"
          key={language}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
        >
          <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
            {languageNames[language]}
          </Typography>
          <TextInput
            source={`texts.${language}.title`}
            label={translate('bo.texts.title')}
            validate={language === 'de' ? required() : undefined}
            fullWidth
          />
          <TextInput source={`texts.${language}.pretitle`} label={translate('bo.texts.pretitle')} fullWidth />
          <TextInput
            source={`texts.${language}.short`}
            label={translate('bo.texts.short')}
            multiline
            minRows={2}
            fullWidth
          />
        </Box>
      ))}
    </Box>
  );
}
