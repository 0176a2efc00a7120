import { invoiceFileSchema, invoiceListSchema } from '../contract/index.ts';
import { call } from './client.ts';

/** The invoice and cancellation invoices of one of the logged-in customer's orders (by its id). */
export const fetchCustomerOrderInvoices = (orderId: number, signal?: AbortSignal) =>
  call({
    path: `/customer/me/orders/${orderId}/invoices`,
    auth: true,
    signal,
    result: invoiceListSchema,
    failure: 'Failed to fetch the invoices',
  });

/** One of them as its PDF (base64). */
export const fetchCustomerInvoiceFile = (orderId: number, number: string) =>
  call({
    path: `/customer/me/orders/${orderId}/invoices/${encodeURIComponent(number)}`,
    auth: true,
    result: invoiceFileSchema,
    failure: 'Failed to fetch the invoice',
  });
