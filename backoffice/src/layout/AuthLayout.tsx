import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { loadingLabelId } from '../theme.ts';
import { DocumentLanguage, LanguageSwitch } from './LanguageSwitch.tsx';

/** The frame of the screens before a session: login and setup. One h1, a main landmark, the language switch. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <DocumentLanguage />
      <span id={loadingLabelId} hidden>
        {translate('ra.page.loading')}
      </span>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2 }}>
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {translate('bo.app.name')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 480, mt: { xs: 2, md: 6 } }}>
          <CardContent>
            <Typography variant="h1" sx={{ mb: 2 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
