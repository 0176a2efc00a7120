import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  DateInput,
  List,
  TextInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { AuditEntry } from '@shop/shared/contract/admin';
import { registerResource } from '../../api/dataProvider.ts';

/** A day of the filter (`2026-03-01`) as the instants the API filters by: from its start, up to the next day's. */
export function dayStart(day: unknown): string | undefined {
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? new Date(`${day}T00:00:00`).toISOString()
    : undefined;
}
export function dayEnd(day: unknown): string | undefined {
  const start = dayStart(day);
  return start ? new Date(new Date(start).getTime() + 24 * 60 * 60 * 1000).toISOString() : undefined;
}

registerResource('audit-log', {
  path: '/audit-log',
  sortStyle: 'none',
  listQuery: ({ from, to, ...rest }) => ({
    ...(rest as Record<string, string>),
    from: dayStart(from),
    to: dayEnd(to),
  }),
});

const filters = [
  <TextInput key="actor" source="actor" alwaysOn />,
  <TextInput key="entityType" source="entityType" alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="entityId" source="entityId" />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

const json = (value: unknown) => (value === undefined || value === null ? '—' : JSON.stringify(value, null, 2));

/** Before and after of one change, as the API recorded them. */
function Change() {
  const translate = useTranslate();
  const record = useRecordContext<AuditEntry & RaRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {(['before', 'after'] as const).map((side) => (
        <Box key={side}>
          <Typography variant="h2" sx={{ fontSize: '1rem' }}>
            {translate(`resources.audit-log.fields.${side}`)}
          </Typography>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.8125rem', m: 0 }}>
            {json(record[side])}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The audit log: who changed what and when, before and after. Read-only: the back office offers no edit of it. */
export function AuditLogList() {
  return (
    <List filters={filters} exporter={false} sort={{ field: 'at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<Change />}>
        <DataTable.Col source="at" disableSort>
          <DateField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actor" disableSort />
        <DataTable.Col source="action" disableSort />
        <DataTable.Col source="entityType" disableSort />
        <DataTable.Col source="entityId" disableSort />
      </DataTable>
    </List>
  );
}
