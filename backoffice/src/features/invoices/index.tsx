import { useState } from 'react';
import {
  Button,
  DataTable,
  DateField,
  DateInput,
  List,
  SelectInput,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import { invoiceKinds, type InvoiceFile } from '@shop/shared/contract';
import type { AdminInvoice } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { registerResource } from '../../api/dataProvider.ts';
import { adminCall } from '../../api/http.ts';
import { dayEnd, dayStart } from '../audit/index.tsx';

registerResource('invoices', {
  path: '/invoices',
  sortStyle: 'none',
  idOf: (record) => String(record.number),
  listQuery: ({ from, to, ...rest }) => ({
    ...(rest as Record<string, string>),
    from: dayStart(from),
    to: dayEnd(to),
  }),
});

/** Hands the PDF (base64 from `getInvoice`) to the browser as a download. */
function savePdf(file: InvoiceFile): void {
  const bytes = Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Loads one invoice's PDF (Factur-X) and downloads it. */
function DownloadButton() {
  const record = useRecordContext<AdminInvoice & RaRecord>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const download = async () => {
    setBusy(true);
    try {
      const invoice = await adminCall<AdminInvoice & { file: InvoiceFile }>(
        `/invoices/${encodeURIComponent(record.number)}`,
      );
      savePdf(invoice.file);
    } catch {
      notify('resources.invoices.downloadFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label="resources.invoices.download"
      onClick={(event) => {
        event.stopPropagation();
        void download();
      }}
      disabled={busy}
    >
      <DownloadIcon />
    </Button>
  );
}

const filters = [
  <TextInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    choices={invoiceKinds.map((kind) => ({ id: kind, name: `resources.invoices.kinds.${kind}` }))}
    alwaysOn
  />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

/**
 * Invoices and cancellation invoices, newest first, each downloadable as its PDF. Read-only: an issued invoice is
 * never changed (docs/decisions/0116-invoices-issued-with-the-payment.md).
 */
export function InvoiceList() {
  return (
    <List filters={filters} exporter={false} sort={{ field: 'issuedAt', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="number" disableSort />
        <DataTable.Col source="kind" disableSort>
          <KindField />
        </DataTable.Col>
        <DataTable.Col source="issuedAt" disableSort>
          <DateField source="issuedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="orderNumber" disableSort />
        <DataTable.Col source="buyerName" disableSort />
        <DataTable.Col
          source="totalCents"
          disableSort
          render={(record: AdminInvoice) => formatCents(record.totalCents)}
        />
        <DataTable.Col source="originalNumber" disableSort />
        <DataTable.Col label="resources.invoices.fields.pdf" disableSort>
          <DownloadButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Invoice or cancellation invoice, in the screen's language. */
function KindField() {
  const record = useRecordContext<AdminInvoice & RaRecord>();
  const translate = useTranslate();
  return record ? <>{translate(`resources.invoices.kinds.${record.kind}`)}</> : null;
}
