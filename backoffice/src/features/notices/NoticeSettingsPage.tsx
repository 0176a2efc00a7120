import { Alert, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { BooleanInput, SimpleForm, TextInput, Title, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { NoticeSettings } from '@shop/shared/contract/admin';
import { AdminError, fieldErrorKey } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { loadNoticeSettings, saveNoticeSettings } from './api.ts';

const switches = ['orderPaid', 'withdrawal', 'newCase', 'dailyDigest'] as const;

/**
 * Notices to the school (owner): where they go (a separate address, or the school's own) and which kinds are sent —
 * each paid order with its participants, each withdrawal, each new case, and a daily digest.
 */
export function NoticeSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [settings, setSettings] = useState<NoticeSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    loadNoticeSettings().then(setSettings, (failure) => setLoadError(errorTextKey(failure)));
  }, []);

  async function submit(values: Record<string, unknown>) {
    try {
      const saved = await saveNoticeSettings({
        recipient: typeof values.recipient === 'string' ? values.recipient.trim() : '',
        ...Object.fromEntries(switches.map((name) => [name, values[name] === true])),
      } as Parameters<typeof saveNoticeSettings>[0]);
      setSettings(saved);
      notify(translate('bo.notices.saved'), { type: 'success' });
      return undefined;
    } catch (failure) {
      if (failure instanceof AdminError && Object.keys(failure.fields).length > 0) {
        notify(translate('bo.error.VALIDATION_ERROR'), { type: 'error' });
        return Object.fromEntries(
          Object.entries(failure.fields).map(([name, message]) => [name, fieldErrorKey(message)]),
        );
      }
      notify(translate(errorTextKey(failure)), { type: 'error' });
      return undefined;
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('bo.notices.title')} />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('bo.notices.help')}</Typography>
        {loadError ? (
          <Alert severity="error" role="alert">
            {translate(loadError)}
          </Alert>
        ) : settings === null ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <>
            <Alert severity={settings.effectiveRecipient ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="notice-to">
              {settings.effectiveRecipient
                ? translate('bo.notices.goesTo', { email: settings.effectiveRecipient })
                : translate('bo.notices.nowhere')}
            </Alert>
            <SimpleForm
              record={settings as unknown as RaRecord}
              onSubmit={submit}
              toolbar={<SaveToolbar />}
              sanitizeEmptyValues={false}
            >
              <TextInput
                source="recipient"
                label="bo.notices.recipient"
                helperText="bo.notices.recipientHelp"
                type="email"
                fullWidth
              />
              {switches.map((name) => (
                <BooleanInput key={name} source={name} label={`bo.notices.kind.${name}`} />
              ))}
            </SimpleForm>
          </>
        )}
      </CardContent>
    </Card>
  );
}
