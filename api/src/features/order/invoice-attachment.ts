import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MailMessage } from '../../mail/mailer.ts';

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** The file name an invoice downloads and travels under. */
export const invoiceFilename = (number: string) => `rechnung-${number}.pdf`;

/** The order's invoice (not its cancellations) as a mail attachment; null while it has none. */
export async function invoiceAttachment(db: Kysely<Database>, orderId: number): Promise<Attachment | null> {
  const row = await db
    .selectFrom('invoice')
    .select(['number', 'pdf'])
    .where('invoice_order_id', '=', orderId)
    .executeTakeFirst();
  return row ? pdfAttachment(row.number, row.pdf) : null;
}

export const pdfAttachment = (number: string, pdfBase64: string): Attachment => ({
  filename: invoiceFilename(number),
  content: pdfBase64,
  contentType: 'application/pdf',
  encoding: 'base64',
});
