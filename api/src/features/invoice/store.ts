import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InvoiceDocument } from './document.ts';

/**
 * Writes an issued invoice once; nothing ever updates it (docs/decisions/0116-invoices-issued-with-the-payment.md).
 * Its PDF is rendered later, outside the issuing transaction, from the data stored here (rendering.ts,
 * docs/decisions/0133-invoice-pdfs-rendered-by-job.md): a pending `invoice_pdf` row says it is still to be made.
 * Returns the invoice's id.
 */
export async function storeInvoice(
  trx: Kysely<Database>,
  input: {
    doc: InvoiceDocument;
    orderId: number;
    refundId: number | null;
    originalInvoiceId: number | null;
    now: Date;
  },
): Promise<number> {
  const { doc } = input;
  const { id } = await trx
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('invoice_pdf').values({ invoice_id: id }).execute();
  return id;
}
