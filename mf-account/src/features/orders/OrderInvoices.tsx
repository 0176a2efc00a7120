import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  fetchCustomerInvoiceFile,
  fetchCustomerOrderInvoices,
  formatDate,
  useLoad,
  type InvoiceFile,
} from '@shop/shared';

/** Hands a PDF that arrived as base64 to the browser as a download. */
function savePdf(file: InvoiceFile): void {
  const bytes = Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The order's invoice and cancellation invoices (PDF with EN 16931 data), each a download button; nothing while the
 * order has none (it is unpaid, or charged nothing).
 */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const invoices = useLoad(`invoices:${orderId}`, (signal) => fetchCustomerOrderInvoices(orderId, signal));
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  if (invoices.status !== 'done' || invoices.data.length === 0) return null;
  const download = async (number: string) => {
    setState('loading');
    try {
      savePdf(await fetchCustomerInvoiceFile(orderId, number));
      setState('idle');
    } catch (error) {
      console.error('The invoice could not be loaded', error);
      setState('failed');
    }
  };
  return (
    <section className="account-order__invoices">
      <h3>{t('account.orders.invoices')}</h3>
      <ul>
        {invoices.data.map((invoice) => (
          <li key={invoice.number}>
            <Button variant="secondary" onClick={() => void download(invoice.number)} disabled={state === 'loading'}>
              {t(invoice.kind === 'invoice' ? 'account.orders.invoice' : 'account.orders.cancellationInvoice', {
                number: invoice.number,
                date: formatDate(invoice.issuedAt),
              })}
            </Button>
          </li>
        ))}
      </ul>
      <span role="status">{state === 'failed' ? t('account.orders.invoiceFailed') : ''}</span>
    </section>
  );
}
