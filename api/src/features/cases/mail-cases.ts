import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readNoticeSettings } from '../school-notices/settings.ts';
import { openCase } from './open.ts';

/**
 * A mail the outbox gave up on becomes a case (once per mail): the address, the subject and the error, with the
 * newest order of that address when there is one (the buyer to call). A failed notice to the school itself opens
 * its case without a notice, which would only fail again.
 */
export async function openMailFailedCase(db: Kysely<Database>, mailId: number, now: Date): Promise<number | null> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['recipient', 'subject', 'last_error', 'created_at'])
    .where('id', '=', mailId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (!mail) return null;
  const order = await db
    .selectFrom('shop_order')
    .select('id')
    .where('email', '=', mail.recipient)
    .where('created_at', '<=', mail.created_at)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const { effectiveRecipient } = await readNoticeSettings(db);
  return openCase(
    db,
    {
      kind: 'mail_failed',
      causeKey: `mail_failed:mail:${mailId}`,
      orderId: order?.id ?? null,
      mailId,
      amountCents: 0,
      note: `Mail "${mail.subject}" to ${mail.recipient} could not be delivered: ${mail.last_error ?? 'no error recorded'}`,
    },
    now,
    { notify: mail.recipient !== effectiveRecipient },
  );
}
