import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ensureInvoicePdf } from '../features/invoice/rendering.ts';
import type { MailMessage } from './mailer.ts';

export type Attachment = NonNullable<MailMessage['attachments']>[number];

/**
 * An attachment the outbox resolves only when the mail goes out (docs/decisions/0133-invoice-pdfs-rendered-by-job.md):
 * the invoice's PDF, rendered after the transaction that queued the mail.
 */
export interface AttachmentReference {
  kind: 'invoice';
  invoiceId: number;
  filename: string;
}

/** What a queued mail carries: files, or references to files made later. */
export type QueuedAttachment = Attachment | AttachmentReference;

/** A mail as the outbox queues it: its attachments may be references. */
export type QueuedMail = Omit<MailMessage, 'attachments'> & { attachments?: QueuedAttachment[] };

const isReference = (attachment: QueuedAttachment): attachment is AttachmentReference => 'kind' in attachment;

export const parseAttachments = (json: string | null): QueuedAttachment[] =>
  json ? (JSON.parse(json) as QueuedAttachment[]) : [];

/** One attachment as a file: an invoice not rendered yet is rendered now (once, whoever asks first). */
export async function resolveAttachment(db: Kysely<Database>, attachment: QueuedAttachment): Promise<Attachment> {
  if (!isReference(attachment)) return attachment;
  const content = await ensureInvoicePdf(db, attachment.invoiceId);
  if (content === null) throw new Error(`Attachment: invoice ${attachment.invoiceId} does not exist`);
  return { filename: attachment.filename, content, contentType: 'application/pdf', encoding: 'base64' };
}

export const resolveAttachments = (db: Kysely<Database>, attachments: QueuedAttachment[]) =>
  Promise.all(attachments.map((attachment) => resolveAttachment(db, attachment)));
