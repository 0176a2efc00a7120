import { Alert } from '@mui/material';
import { BooleanInput, SimpleForm, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { LoadThenEditPage } from '../../components/LoadThenEditPage.tsx';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { loadNoticeSettings, saveNoticeSettings } from './api.ts';

const switches = ['orderPaid', 'withdrawal', 'newCase', 'dailyDigest'] as const;

const saveNotices = (values: Record<string, unknown>) =>
  saveNoticeSettings({
    recipient: typeof values.recipient === 'string' ? values.recipient.trim() : '',
    ...Object.fromEntries(switches.map((name) => [name, values[name] === true])),
  } as Parameters<typeof saveNoticeSettings>[0]);

/**
 * Notices to the school (owner): where they go (a separate address, or the school's own) and which kinds are sent —
 * each paid order with its participants, each withdrawal, each new case, and a daily digest.
 */
export function NoticeSettingsPage() {
  const translate = useTranslate();
  return (
    <LoadThenEditPage
      title="bo.notices.title"
      help="bo.notices.help"
      saved="bo.notices.saved"
      load={loadNoticeSettings}
      save={saveNotices}
    >
      {(settings, submit) => (
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
    </LoadThenEditPage>
  );
}
