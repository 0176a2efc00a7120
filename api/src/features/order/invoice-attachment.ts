import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AttachmentReference } from '../../mail/attachments.ts';

/** The file name an invoice downloads and travels under. */
export const invoiceFilename = (number: string) => `rechnung-${number}.pdf`;

/**
 * The order's invoice (not its cancellations) as a mail attachment; null while it has none. A reference, not the
 * bytes: the outbox fetches the PDF when the mail goes out, rendering it then if the job has not yet
 * (docs/decisions/0133-invoice-pdfs-rendered-by-job.md).
 */
export async function invoiceAttachment(db: Kysely<Database>, orderId: number): Promise<AttachmentReference | null> {
  const row = await db
    .selectFrom('invoice')
    .select(['id', 'number'])
    .where('invoice_order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { kind: 'invoice', invoiceId: row.id, filename: invoiceFilename(row.number) } : null;
}
