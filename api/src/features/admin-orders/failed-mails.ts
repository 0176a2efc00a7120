import type { RetryMailBody } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retryFailedMails } from '../../mail/outbox.ts';

/** `listFailedMails`: the mails the outbox gave up on, newest first, with the last error. */
export async function listFailedMails(db: Kysely<Database>, { page, perPage }: { page: number; perPage: number }) {
  const failed = db.selectFrom('mail_outbox').where('status', '=', 'failed');
  const { total } = await failed
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await failed
    .select(['id', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
    })),
    total: Number(total),
    page,
    perPage,
  };
}

/**
 * `retryMail`: puts the chosen failed mails (or all) back in the queue. Only a mail still `failed` moves, in one
 * UPDATE, so two retries at once requeue it once; it keeps its Message-ID and the outbox's claim delivers it once.
 */
export async function retryMails(db: Kysely<Database>, body: RetryMailBody, now: Date) {
  const ids = 'ids' in body ? body.ids : undefined;
  const before = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject'])
    .where('status', '=', 'failed')
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .execute();
  const requeued = await retryFailedMails(db, now, ids);
  return { requeued, mails: before };
}
