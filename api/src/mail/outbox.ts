import type { Transport } from 'nodemailer';
import type { Db } from '../db/database.ts';

/**
 * A nodemailer transport that keeps mails in the `dev_mail` table instead of delivering them, so that
 * verification and reset links work on a fresh machine without a mail server (docs/architecture.md#mail).
 */
export function outboxTransport(db: Db, now: () => Date): Transport {
  return {
    name: 'dev-outbox',
    version: '1',
    send(mail, callback) {
      const { to, subject, text, html } = mail.data;
      db.kysely
        .insertInto('dev_mail')
        .values({
          recipient: String(to),
          subject: String(subject ?? ''),
          text: String(text ?? ''),
          html: String(html ?? ''),
          created_at: now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then(({ id }) => callback(null, { messageId: `dev-outbox-${id}`, envelope: mail.message.getEnvelope() }))
        .catch((error: Error) => callback(error, undefined));
    },
  };
}

/** The outbox, newest first; `to` narrows it to one recipient. */
export async function readOutbox(db: Db, { to, limit = 50 }: { to?: string; limit?: number } = {}) {
  let query = db.kysely.selectFrom('dev_mail').select(['id', 'recipient', 'subject', 'text', 'html', 'created_at']);
  if (to) query = query.where('recipient', '=', to.trim().toLowerCase());
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, createdAt: row.created_at }));
}
