import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OutboxStatus } from '../db/outbox-schema.ts';
import type { Database } from '../db/schema.ts';
import { publicSchool, readSchoolIdentity } from '../features/school/identity.ts';
import { withSchool } from './html.ts';
import { type Attachment, parseAttachments, type QueuedMail, resolveAttachment } from './attachments.ts';
import { hasSchoolMarkers } from './school.ts';

/**
 * The transactional outbox (docs/decisions/0008-outbox-and-jobs.md): a mail is a row written with the change that
 * causes it — pass the transaction — so it exists exactly when the change does; the delivery job sends it.
 */
export async function queueMail(
  db: Pick<Db, 'kysely'> | Kysely<Database>,
  message: QueuedMail,
  { now = new Date(), eraseAfterSend = false }: { now?: Date; eraseAfterSend?: boolean } = {},
): Promise<string> {
  const kysely = 'kysely' in db ? db.kysely : db;
  // The school's header, footer and contact as the database has them now (mail/school.ts).
  if (hasSchoolMarkers(message)) {
    const identity = await readSchoolIdentity(kysely);
    message = withSchool(message, identity && publicSchool(identity));
  }
  const messageId = randomUUID();
  await kysely
    .insertInto('mail_outbox')
    .values({
      message_id: messageId,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      erase_after_send: eraseAfterSend ? 1 : 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return messageId;
}

/**
 * The dev outbox: the outbox's mails, newest first, whatever their delivery state; `to` narrows it to one recipient.
 * Attachments are listed by name, type and size (in bytes); `readOutboxAttachment` gives one's content.
 */
export async function readOutbox(db: Db, { to, limit = 50 }: { to?: string; limit?: number } = {}) {
  let query = db.kysely
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'text', 'html', 'attachments', 'created_at']);
  if (to) query = query.where('recipient', '=', to.trim().toLowerCase());
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  // An invoice not rendered yet is rendered here, as the mail's delivery would (the dev outbox is the mailbox).
  const withFiles = (json: string | null) =>
    Promise.all(
      parseAttachments(json).map(async (queued) => {
        // One that cannot be rendered (yet) is listed empty rather than hiding the whole mailbox.
        const file = await resolveAttachment(db.kysely, queued).catch(() => null);
        if (!file) return { filename: queued.filename, contentType: 'application/pdf', size: 0 };
        const { filename, contentType, content, encoding } = file;
        return { filename, contentType, size: Buffer.byteLength(content, encoding ?? 'utf8') };
      }),
    );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      attachments: await withFiles(row.attachments),
      createdAt: row.created_at,
    })),
  );
}

/** One attachment of an outbox mail (its position in the mail's list); null when there is none. */
export async function readOutboxAttachment(db: Db, id: number, index: number): Promise<Attachment | null> {
  const row = await db.kysely.selectFrom('mail_outbox').select('attachments').where('id', '=', id).executeTakeFirst();
  const attachment = row && parseAttachments(row.attachments)[index];
  return attachment ? resolveAttachment(db.kysely, attachment) : null;
}

/** How many messages are in each state (for the operator and the metrics). */
export async function mailStats(db: Kysely<Database>): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  const stats: Record<OutboxStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) stats[row.status] = Number(row.count);
  return stats;
}

/** Messages that failed for good, newest first: what the operator has to look at (the address to contact, the error). */
export async function failedMails(db: Kysely<Database>, { limit = 100 } = {}) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'message_id', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
  }));
}

/** Puts failed messages back in the queue (the operator fixed the cause); the number requeued. */
export async function retryFailedMails(db: Kysely<Database>, now: Date, ids?: readonly number[]): Promise<number> {
  let query = db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now.toISOString() })
    .where('status', '=', 'failed');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
