import { type Language, languageSchema } from '@shop/shared/contract';
import type { AdminParticipant, UpdateOrderParticipantBody } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { fillText, mailDocument, mailFacts, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import de from './mail-texts/de.json' with { type: 'json' };
import en from './mail-texts/en.json' with { type: 'json' };
import es from './mail-texts/es.json' with { type: 'json' };

const texts: Record<Language, typeof de> = { de, en, es };

type Person = Pick<AdminParticipant, 'firstname' | 'lastname' | 'email'>;
const describe = (p: Person) => `${p.firstname} ${p.lastname} <${p.email}>`;

/** The mail telling the buyer what the school corrected, before and after, in the order's language. */
export function renderCorrectionMail(
  order: { incrementId: string; email: string; buyerName: string; language: Language; course: string },
  before: Person,
  after: Person,
): MailMessage {
  const t = texts[order.language];
  const subject = fillText(t.correctedSubject, { number: order.incrementId });
  const greeting = order.buyerName ? fillText(t.greeting, { name: order.buyerName }) : t.greetingWithoutName;
  const intro = fillText(t.correctedIntro, { number: order.incrementId, course: order.course });
  const facts: [string, string][] = [
    [t.before, describe(before)],
    [t.after, describe(after)],
  ];
  return {
    to: order.email,
    subject,
    text: mailText(order.language, [
      greeting,
      intro,
      facts.map(([k, v]) => `${k}: ${v}`).join('\n'),
      t.correctedHelp,
      t.signature,
    ]),
    html: mailDocument(order.language, subject, [
      mailParagraph(greeting),
      mailParagraph(intro),
      mailFacts(facts),
      mailParagraph(t.correctedHelp),
      mailParagraph(t.signature),
    ]),
  };
}

const toParticipant = (row: {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  birth_year: string | null;
}): AdminParticipant => ({
  id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  phone: row.phone,
  birthYear: row.birth_year,
});

/**
 * Corrects one participant of `orderId` (in the caller's transaction) and queues the buyer's mail when anything
 * changed. A participant of another order is a 404, as is an anonymised one (nothing left to correct).
 */
export async function correctParticipant(
  trx: Kysely<Database>,
  ids: { orderId: number; participantId: number },
  body: UpdateOrderParticipantBody,
  now: Date,
) {
  const row = await trx
    .selectFrom('course_booking_participant as p')
    .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
    .innerJoin('shop_order as o', 'o.id', 'b.order_id')
    .innerJoin('course as c', 'c.id', 'b.course_id')
    .leftJoin('course_text as t', (join) => join.onRef('t.course_id', '=', 'c.id').on('t.language', '=', 'o.locale'))
    .leftJoin('order_billing_address as a', 'a.order_id', 'o.id')
    .selectAll('p')
    .select(['o.increment_id', 'o.email as buyer_email', 'o.locale', 'o.anonymized_at', 'c.identifier', 't.title'])
    .select('a.firstname as buyer_firstname')
    .where('p.id', '=', ids.participantId)
    .where('b.order_id', '=', ids.orderId)
    .executeTakeFirst();
  if (!row || row.anonymized_at) throw new AppError(404, 'NOT_FOUND', 'No such participant in this order');
  const before = toParticipant(row);
  const after = { ...before, ...body };
  const changed = (['firstname', 'lastname', 'email'] as const).some((field) => before[field] !== after[field]);
  if (!changed) return { before, after, mailQueued: false };
  await trx
    .updateTable('course_booking_participant')
    .set({ firstname: after.firstname, lastname: after.lastname, email: after.email })
    .where('id', '=', before.id)
    .execute();
  // A reduced order keeps no buyer address: the change is audited, nobody can be told.
  if (!row.buyer_email) return { before, after, mailQueued: false };
  const language = languageSchema.catch('de').parse(row.locale);
  const course = row.title ? `${row.title} (${row.identifier})` : row.identifier;
  const mail = renderCorrectionMail(
    { incrementId: row.increment_id, email: row.buyer_email, buyerName: row.buyer_firstname ?? '', language, course },
    before,
    after,
  );
  await queueMail(trx, mail, { now });
  return { before, after, mailQueued: true };
}
