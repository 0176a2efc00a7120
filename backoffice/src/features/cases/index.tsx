import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { DataTable, DateField, List, SelectInput, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { caseKinds, type OrderCase } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { registerResource } from '../../api/dataProvider.ts';
import { RefundDialog, ResolveDialog } from './dialogs.tsx';

registerResource('cases', { path: '/cases', sortStyle: 'none' });

function KindField() {
  const translate = useTranslate();
  const record = useRecordContext<OrderCase & RaRecord>();
  return record ? <span>{translate(`bo.cases.kind.${record.kind}`)}</span> : null;
}

function AmountField() {
  const record = useRecordContext<OrderCase & RaRecord>();
  return record ? <span>{record.amountCents > 0 ? formatCents(record.amountCents) : '—'}</span> : null;
}

function StatusText() {
  const translate = useTranslate();
  const record = useRecordContext<OrderCase & RaRecord>();
  return record ? <span>{translate(`bo.cases.status.${record.status}`)}</span> : null;
}

/** Resolve (an open case) and refund (a case about an order), each in its dialog. */
function CaseActions() {
  const translate = useTranslate();
  const record = useRecordContext<OrderCase & RaRecord>();
  const [open, setOpen] = useState<'resolve' | 'refund' | null>(null);
  if (!record) return null;
  const stop = (next: typeof open) => (event: React.MouseEvent) => {
    event.stopPropagation();
    setOpen(next);
  };
  return (
    <Stack direction="row" spacing={1}>
      {record.status === 'open' ? (
        <Button size="small" onClick={stop('resolve')}>
          {translate('bo.cases.resolve')}
        </Button>
      ) : null}
      {record.orderId !== null ? (
        <Button size="small" onClick={stop('refund')}>
          {translate('bo.cases.refund')}
        </Button>
      ) : null}
      {open === 'resolve' ? <ResolveDialog item={record} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' ? <RefundDialog item={record} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={['open', 'closed'].map((id) => ({ id, name: translate(`bo.cases.status.${id}`) }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={caseKinds.map((id) => ({ id, name: translate(`bo.cases.kind.${id}`) }))}
    />,
    <SelectInput
      key="refundRequired"
      source="refundRequired"
      choices={[
        { id: 'true', name: translate('bo.cases.refundRequired') },
        { id: 'false', name: translate('bo.cases.otherCases') },
      ]}
    />,
  ];
}

/** Cases that need a person (owner): newest first, open ones by default, with what happened and the order. */
export function CaseList() {
  return (
    <List filters={useFilters()} filterDefaultValues={{ status: 'open' }} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" disableSort>
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <KindField />
        </DataTable.Col>
        <DataTable.Col source="incrementId" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="amountCents" disableSort>
          <AmountField />
        </DataTable.Col>
        <DataTable.Col source="note" disableSort />
        <DataTable.Col source="status" disableSort>
          <StatusText />
        </DataTable.Col>
        <DataTable.Col label="bo.list.actions">
          <CaseActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
