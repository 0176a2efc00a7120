import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The mails of an order, as the outbox still has them (delivered ones go after 30 days): the outbox keeps no
 * order id, so these are the mails to the buyer or a participant, made since the order, that name its number
 * (every order mail does, in its subject or text). A number inside a longer one does not count.
 */
export async function orderMails(
  db: Kysely<Database>,
  order: { increment_id: string; email: string; created_at: string },
  participantEmails: readonly string[],
) {
  const recipients = [...new Set([order.email, ...participantEmails].filter(Boolean))];
  if (recipients.length === 0) return [];
  const number = order.increment_id;
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'text', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('recipient', 'in', recipients)
    .where('created_at', '>=', order.created_at)
    .where((eb) => eb.or([eb('subject', 'like', `%${number}%`), eb('text', 'like', `%${number}%`)]))
    .orderBy('id')
    .execute();
  const named = new RegExp(`(^|\\D)${number.replace(/[^\w-]/g, '')}(\\D|$)`);
  return rows
    .filter((row) => named.test(row.subject) || named.test(row.text))
    .map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      sentAt: row.sent_at,
    }));
}
