import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InvoiceDocument } from './document.ts';

/** Writes an issued invoice once; nothing ever updates it (docs/decisions/0116-invoices-issued-with-the-payment.md). */
export async function storeInvoice(
  trx: Kysely<Database>,
  input: {
    doc: InvoiceDocument;
    orderId: number;
    refundId: number | null;
    originalInvoiceId: number | null;
    pdf: Uint8Array;
    now: Date;
  },
): Promise<void> {
  const { doc } = input;
  await trx
    .insertInto('invoice')
    .values({
      number: doc.number,
      kind: doc.kind,
      order_id: input.orderId,
      invoice_order_id: doc.kind === 'invoice' ? input.orderId : null,
      refund_id: input.refundId,
      original_invoice_id: input.originalInvoiceId,
      total_cents: doc.totalCents,
      issued_at: input.now.toISOString(),
      data: JSON.stringify(doc),
      pdf: Buffer.from(input.pdf).toString('base64'),
    })
    .execute();
}

export type StoredInvoice = {
  id: number;
  number: string;
  kind: InvoiceDocument['kind'];
  orderId: number;
  refundId: number | null;
  originalInvoiceId: number | null;
  totalCents: number;
  issuedAt: string;
};

/** The PDF of an invoice as bytes. */
export const pdfBytes = (stored: string) => Buffer.from(stored, 'base64');
