import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { formatCents } from '@shop/shared/money';
import { mailDocument, mailParagraph, mailText } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';
import { noticeRecipient } from './settings.ts';
import { inTransaction } from '../../db/database.ts';

const dayMs = 86_400_000;

/**
 * The daily digest (optional): the first sweep of a day in the school's time zone claims that day (its primary key:
 * one process wins) and queues, in the same transaction, what the last 24 hours brought: paid orders and their sum,
 * withdrawals, new cases and the cases still open. Nothing when the digest is switched off or has no address.
 */
export async function queueDailyDigest(db: Kysely<Database>, now: Date): Promise<boolean> {
  const to = await noticeRecipient(db, 'daily_digest');
  if (!to) return false;
  const day = isoDateInZone(now);
  const since = new Date(now.getTime() - dayMs).toISOString();
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('school_notice_digest')
      .values({ day, sent_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return false;
    const count = (table: 'withdrawal_declaration' | 'order_case', column: 'received_at' | 'created_at') =>
      trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(column, '>=', since)
        .executeTakeFirstOrThrow();
    const [paid, withdrawals, cases, open] = await Promise.all([
      trx
        .selectFrom('shop_order')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.coalesce(eb.fn.sum<number | string>('total_price_cents'), eb.lit(0)).as('cents'),
        ])
        .where('status', 'in', ['paid', 'completed'])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow(),
      count('withdrawal_declaration', 'received_at'),
      count('order_case', 'created_at'),
      trx
        .selectFrom('order_case')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow(),
    ]);
    const subject = `Tagesübersicht ${day}`;
    const lines = [
      `Bezahlte Bestellungen (24 Stunden): ${Number(paid.n)}, zusammen ${formatCents(Number(paid.cents))}.`,
      `Widerrufe: ${Number(withdrawals.n)}.`,
      `Neue Fälle: ${Number(cases.n)}; offene Fälle insgesamt: ${Number(open.n)}.`,
    ];
    await queueMail(
      trx,
      { to, subject, text: mailText('de', lines), html: mailDocument('de', subject, lines.map(mailParagraph)) },
      { now },
    );
    return true;
  });
}
