import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DateField,
  List,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import type { RetryMailBody } from '@shop/shared/contract/admin';
import { registerResource } from '../../api/dataProvider.ts';
import { adminCall } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';

registerResource('failed-mails', { path: '/mails/failed', sortStyle: 'none' });

/** retryMail: the chosen mails or all failed ones back in the queue; each is still delivered once. */
function useRetry() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselect = useUnselectAll('failed-mails');
  const [busy, setBusy] = useState(false);
  async function retry(body: RetryMailBody) {
    setBusy(true);
    try {
      const { requeued } = await adminCall<{ requeued: number }>('/mails/retry', { method: 'POST', body });
      notify(translate('bo.mails.requeued', { smart_count: requeued }), { type: 'success' });
      unselect();
      refresh();
    } catch (failure) {
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { retry, busy };
}

function RetryAllButton() {
  const { retry, busy } = useRetry();
  const { total } = useListContext();
  return (
    <Button label="bo.mails.retryAll" onClick={() => retry({ all: true })} disabled={busy || !total}>
      <ReplayIcon />
    </Button>
  );
}

function RetrySelectedButton() {
  const { retry, busy } = useRetry();
  const { selectedIds } = useListContext();
  return (
    <Button label="bo.mails.retrySelected" onClick={() => retry({ ids: selectedIds as number[] })} disabled={busy}>
      <ReplayIcon />
    </Button>
  );
}

function RetryOneButton() {
  const { retry, busy } = useRetry();
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return <Button label="bo.mails.retry" onClick={() => retry({ ids: [record.id] })} disabled={busy} />;
}

/** Mails the outbox gave up on, with the mail server's error, retried one by one, chosen or all at once. */
export function FailedMailList() {
  const translate = useTranslate();
  return (
    <List
      actions={
        <TopToolbar>
          <RetryAllButton />
        </TopToolbar>
      }
      empty={false}
      title={translate('bo.mails.title')}
    >
      <DataTable bulkActionButtons={<RetrySelectedButton />} rowClick={false}>
        <DataTable.Col source="createdAt" disableSort>
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="to" disableSort />
        <DataTable.Col source="subject" disableSort />
        <DataTable.NumberCol source="attempts" disableSort />
        <DataTable.Col source="lastError" disableSort />
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <RetryOneButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
