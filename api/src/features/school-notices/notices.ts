import type { CaseKind } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { formatCents } from '@shop/shared/money';
import { mailDocument, mailParagraph, mailText } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';
import { type NoticeKind, noticeRecipient } from './settings.ts';

/**
 * Notices to the school's office (docs/backoffice.md#notices-to-the-school): queued in the outbox in the transaction that made
 * the change they report, so each goes out once with it and never without it, and the buyer's request only adds a
 * row. They are written in German, the office's language (docs/decisions/0115-school-notices.md).
 */
async function queueNotice(
  db: Kysely<Database>,
  kind: NoticeKind,
  subject: string,
  lines: readonly string[],
  now: Date,
): Promise<boolean> {
  const to = await noticeRecipient(db, kind);
  if (!to) return false;
  await queueMail(
    db,
    { to, subject, text: mailText('de', lines), html: mailDocument('de', subject, lines.map(mailParagraph)) },
    { now },
  );
  return true;
}

const euros = (cents: number) => formatCents(cents);

/** A paid order, with its positions and each course's participants. */
export async function queueOrderPaidNotice(db: Kysely<Database>, orderId: number, now: Date): Promise<boolean> {
  const order = await db
    .selectFrom('shop_order')
    .select(['increment_id', 'email', 'total_price_cents', 'payment_method'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const people = await db
    .selectFrom('course_booking')
    .innerJoin('course', 'course.id', 'course_booking.course_id')
    .leftJoin('course_booking_participant', 'course_booking_participant.course_booking_id', 'course_booking.id')
    .select([
      'course.identifier',
      'course.start_date',
      'course_booking.quantity',
      'course_booking_participant.firstname',
      'course_booking_participant.lastname',
      'course_booking_participant.email',
    ])
    .where('course_booking.order_id', '=', orderId)
    .orderBy('course_booking.id')
    .orderBy('course_booking_participant.id')
    .execute();
  const lines = people.map((row) =>
    row.firstname === null
      ? `${row.identifier} (${row.start_date}), ${row.quantity} Platz/Plätze`
      : `${row.identifier} (${row.start_date}): ${row.firstname} ${row.lastname} <${row.email}>`,
  );
  return queueNotice(
    db,
    'order_paid',
    `Neue bezahlte Bestellung ${order.increment_id}`,
    [
      `Bestellung ${order.increment_id} von ${order.email} ist bezahlt: ${euros(order.total_price_cents)} (${order.payment_method ?? 'ohne Zahlart'}).`,
      lines.length > 0 ? `Teilnehmende:\n${lines.join('\n')}` : 'Keine Kursplätze in dieser Bestellung.',
    ],
    now,
  );
}

const outcomeTexts: Record<string, string> = {
  withdrawn: 'Der Shop hat den Widerruf ausgeführt.',
  review: 'Die Schule muss entscheiden (siehe Fälle im Backoffice).',
  awaiting_confirmation: 'Wartet auf die Bestätigung über den Link in der E-Mail an die Adresse der Bestellung.',
};

/** A withdrawal declaration and what became of it. */
export async function queueWithdrawalNotice(
  db: Kysely<Database>,
  notice: { receiptNumber: string; orderNumber: string; outcome: string; reason: string | null; refundCents: number },
  now: Date,
): Promise<boolean> {
  return queueNotice(
    db,
    'withdrawal',
    `Widerruf ${notice.receiptNumber} zu Bestellung ${notice.orderNumber}`,
    [
      `Widerrufserklärung ${notice.receiptNumber} zu Bestellung ${notice.orderNumber} eingegangen.`,
      `${outcomeTexts[notice.outcome] ?? notice.outcome}${notice.reason ? ` Grund: ${notice.reason}.` : ''}`,
      notice.refundCents > 0 ? `Erstattung: ${euros(notice.refundCents)}.` : '',
    ].filter(Boolean),
    now,
  );
}

export const caseKindTexts: Record<CaseKind, string> = {
  late_payment: 'Zahlung nach Ablauf der Reservierung: Erstattung nötig',
  amount_mismatch: 'Zahlung mit falschem Betrag oder falscher Währung',
  course_cancelled: 'Bezahlte Position eines abgesagten Kurses: Erstattung nötig',
  chargeback: 'Rückbuchung durch die Bank',
  withdrawal_review: 'Widerruf wartet auf die Entscheidung der Schule',
  confirmation_unused: 'Bestätigungslink eines Widerrufs nie benutzt',
  mail_failed: 'E-Mail konnte nicht zugestellt werden',
  capture_failing: 'Einzug einer autorisierten Zahlung scheitert wiederholt',
  refund_refused: 'Erstattung vom Zahlungsanbieter abgelehnt',
};

/** A case newly opened. */
export async function queueCaseNotice(
  db: Kysely<Database>,
  opened: { id: number; kind: CaseKind; orderNumber: string | null; amountCents: number; note: string },
  now: Date,
): Promise<boolean> {
  return queueNotice(
    db,
    'new_case',
    `Neuer Fall #${opened.id}: ${caseKindTexts[opened.kind]}`,
    [
      `${caseKindTexts[opened.kind]}${opened.orderNumber ? ` (Bestellung ${opened.orderNumber})` : ''}.`,
      opened.amountCents > 0 ? `Betrag: ${euros(opened.amountCents)}.` : '',
      opened.note,
      'Bitte im Backoffice unter „Fälle“ bearbeiten.',
    ].filter(Boolean),
    now,
  );
}
