import type { InvoiceFile, InvoiceKind, InvoiceSummary } from '@shop/shared/contract';
import type { AdminInvoice } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, serviceUnavailableCode } from '../../http/errors.ts';
import { centsToEuros } from '@shop/shared/money';
import { invoiceFilename } from '../order/invoice-attachment.ts';
import type { InvoiceDocument } from './document.ts';
import { ensureInvoicePdf, InvoicePdfPending } from './rendering.ts';

const summaryColumns = ['invoice.number', 'invoice.kind', 'invoice.issued_at', 'invoice.total_cents'] as const;

/** An order's invoices, oldest first: its invoice, then each cancellation. */
export async function listOrderInvoices(db: Kysely<Database>, orderId: number): Promise<InvoiceSummary[]> {
  const rows = await db
    .selectFrom('invoice')
    .leftJoin('invoice as original', 'original.id', 'invoice.original_invoice_id')
    .select([...summaryColumns, 'original.number as original_number'])
    .where('invoice.order_id', '=', orderId)
    .orderBy('invoice.id')
    .execute();
  return rows.map((row) => ({
    number: row.number,
    kind: row.kind as InvoiceKind,
    issuedAt: row.issued_at,
    total: centsToEuros(row.total_cents),
    originalNumber: row.original_number,
  }));
}

/**
 * One invoice's PDF, when it belongs to `orderId` (else null: another order's number is not told apart). Right
 * after the payment the rendering job may not have made it yet: then it is rendered now, once (rendering.ts).
 */
export async function readInvoiceFile(
  db: Kysely<Database>,
  number: string,
  orderId?: number,
): Promise<InvoiceFile | null> {
  let query = db.selectFrom('invoice').select(['id', 'number']).where('number', '=', number);
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const content = await ensureInvoicePdf(db, row.id).catch((error: unknown) => {
    // Another process is still rendering it after the wait: passing, the client may ask again.
    if (error instanceof InvoicePdfPending)
      throw new AppError(503, serviceUnavailableCode, 'The invoice is being prepared; please try again shortly');
    throw error;
  });
  return content === null ? null : { filename: invoiceFilename(row.number), contentType: 'application/pdf', content };
}

/** The back office's view of invoice rows (with the recipient's name as issued). */
export function adminInvoiceOf(row: {
  number: string;
  kind: string;
  issued_at: string;
  order_id: number;
  total_cents: number;
  data: string;
  original_number: string | null;
}): AdminInvoice {
  const doc = JSON.parse(row.data) as InvoiceDocument;
  return {
    number: row.number,
    kind: row.kind as InvoiceKind,
    issuedAt: row.issued_at,
    orderId: row.order_id,
    orderNumber: doc.orderNumber,
    buyerName: doc.buyer.name,
    totalCents: row.total_cents,
    originalNumber: row.original_number,
  };
}
