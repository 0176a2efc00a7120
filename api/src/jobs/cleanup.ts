import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How long delivered mails stay in the outbox (for the operator's questions) before the cleanup deletes them. */
export const keepSentMailDays = 30;

/**
 * Deletes what has run out: link tokens (verification, reset, e-mail change, login), device tokens and sessions past
 * their end, carts
 * parked past theirs, and delivered mails older than `keepSentMailDays`. Each is one DELETE by time, so running
 * it in two processes at once or twice in a row is harmless. The number deleted per table.
 */
export async function deleteExpiredRecords(db: Kysely<Database>, now: Date) {
  const at = now.toISOString();
  const mailsBefore = new Date(now.getTime() - keepSentMailDays * 86_400_000).toISOString();
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  return {
    linkTokens:
      count(await db.deleteFrom('customer_token').where('expires_at', '<=', at).executeTakeFirst()) +
      count(await db.deleteFrom('customer_login_link').where('expires_at', '<=', at).executeTakeFirst()),
    devices: count(await db.deleteFrom('customer_device').where('expires_at', '<=', at).executeTakeFirst()),
    sessions: count(await db.deleteFrom('customer_session').where('expires_at', '<=', at).executeTakeFirst()),
    parkedCarts: count(await db.deleteFrom('cart_sync').where('expires_at', '<=', at).executeTakeFirst()),
    sentMails: count(
      await db
        .deleteFrom('mail_outbox')
        .where('status', '=', 'sent')
        .where('sent_at', '<=', mailsBefore)
        .executeTakeFirst(),
    ),
  };
}
