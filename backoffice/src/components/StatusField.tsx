import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const colours = { draft: 'default', published: 'success', cancelled: 'error' } as const;

/** A catalogue item's state as a labelled chip (the colour repeats the text, it never replaces it). */
export function StatusField({ source = 'status' }: { source?: string; label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const status = record?.[source] as keyof typeof colours | undefined;
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant={status === 'published' ? 'filled' : 'outlined'}
      color={colours[status] ?? 'default'}
      label={translate(`bo.status.${status}`)}
    />
  );
}
