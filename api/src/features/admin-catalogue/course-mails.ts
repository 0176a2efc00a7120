import { type Language, languageSchema } from '@shop/shared/contract';
import { formatCourseDates, sharedTranslator } from '@shop/shared/format';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { shopTimeZone } from '../../lib/dates.ts';
import { timeZoneInWords } from '../../lib/names.ts';
import { fillText, mailDocument, mailFacts, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { bookingCalendarEntry } from '../order/confirmation-mail.ts';
import { buildCourseCalendar } from '../order/ics.ts';
import type { CourseRecord } from './course-records.ts';
import de from './mail-texts/de.json' with { type: 'json' };
import en from './mail-texts/en.json' with { type: 'json' };
import es from './mail-texts/es.json' with { type: 'json' };

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

/** A position of a course that still stands, with whom to tell about it. */
export interface StandingBooking {
  bookingId: number;
  orderId: number;
  incrementId: string;
  orderStatus: string;
  buyerEmail: string;
  buyerName: string;
  language: Language;
  totalPriceCents: number;
  participants: { firstname: string; email: string }[];
}

/** The positions of `courseId` that stand (not cancelled, withdrawn, or of an expired or cancelled order). */
export async function standingBookings(db: Kysely<Database>, courseId: number): Promise<StandingBooking[]> {
  const rows = await db
    .selectFrom('course_booking')
    .innerJoin('shop_order', 'shop_order.id', 'course_booking.order_id')
    .leftJoin('order_billing_address', 'order_billing_address.order_id', 'shop_order.id')
    .select([
      'course_booking.id as booking_id',
      'course_booking.total_price_cents',
      'shop_order.id as order_id',
      'shop_order.increment_id',
      'shop_order.status',
      'shop_order.email',
      'shop_order.locale',
      'order_billing_address.firstname',
    ])
    .where('course_booking.course_id', '=', courseId)
    .where('course_booking.cancelled_at', 'is', null)
    .where('course_booking.withdrawal_id', 'is', null)
    .where('shop_order.status', 'in', ['payment_pending', 'paid', 'completed'])
    .orderBy('course_booking.id')
    .execute();
  if (rows.length === 0) return [];
  const participants = await db
    .selectFrom('course_booking_participant')
    .select(['course_booking_id', 'firstname', 'email'])
    .where(
      'course_booking_id',
      'in',
      rows.map((r) => r.booking_id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    bookingId: row.booking_id,
    orderId: row.order_id,
    incrementId: row.increment_id,
    orderStatus: row.status,
    buyerEmail: row.email,
    buyerName: row.firstname ?? '',
    language: languageSchema.catch('de').parse(row.locale),
    totalPriceCents: row.total_price_cents,
    participants: participants
      .filter((p) => p.course_booking_id === row.booking_id)
      .map((p) => ({ firstname: p.firstname, email: p.email })),
  }));
}

/** The buyer and each participant once (by address), the buyer first: who hears about a booked course. */
function recipientsOf(booking: StandingBooking): { email: string; name: string }[] {
  const seen = new Set<string>();
  const people = [
    { email: booking.buyerEmail, name: booking.buyerName },
    ...booking.participants.map((p) => ({ email: p.email, name: p.firstname })),
  ];
  return people.filter((p) => {
    const key = p.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const titleOf = (record: CourseRecord, language: Language) =>
  record.texts[language]?.title || record.texts.de?.title || record.identifier;

const datesOf = (record: CourseRecord, language: Language) =>
  formatCourseDates({ ...record, weekdays: record.meetingDays }, sharedTranslator(language), language);

/** The .ics of a moved position: its event, same UID, new dates, SEQUENCE raised (null: held by appointment). */
export function movedCalendar(
  booking: Pick<StandingBooking, 'incrementId' | 'bookingId' | 'language'>,
  record: CourseRecord,
  sequence: number,
  stamp: Date,
): string | null {
  const entry = bookingCalendarEntry(
    booking,
    { ...record, title: titleOf(record, booking.language), weekdays: record.meetingDays },
    sequence,
  );
  return buildCourseCalendar([entry], { timeZone: shopTimeZone, stamp });
}

/** The mail telling one person that a booked course moved: old and new dates, and the new calendar entry. */
export function renderMovedMail(
  booking: StandingBooking,
  to: { email: string; name: string },
  { before, after, sequence, now }: { before: CourseRecord; after: CourseRecord; sequence: number; now: Date },
): MailMessage {
  const language = booking.language;
  const t = texts[language];
  const title = titleOf(after, language);
  const calendar = movedCalendar(booking, after, sequence, now);
  const subject = fillText(t.movedSubject, { title });
  const greeting = to.name ? fillText(t.greeting, { name: to.name }) : t.greetingWithoutName;
  const intro = fillText(t.movedIntro, { title, identifier: after.identifier, number: booking.incrementId });
  const facts: [string, string][] = [
    [t.before, datesOf(before, language)],
    [t.after, datesOf(after, language)],
  ];
  const notes = [fillText(t.timeZone, { zone: timeZoneInWords(shopTimeZone, language) }), t.calendar, t.movedHelp];
  return {
    to: to.email,
    subject,
    text: mailText(language, [greeting, intro, facts.map(([k, v]) => `${k}: ${v}`).join('\n'), ...notes, t.signature]),
    html: mailDocument(language, subject, [
      mailParagraph(greeting),
      mailParagraph(intro),
      mailFacts(facts),
      ...notes.map(mailParagraph),
      mailParagraph(t.signature),
    ]),
    attachments: calendar
      ? [
          {
            filename: `kurs-${after.identifier}.ics`,
            content: calendar,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : [],
  };
}

/** The mail telling a buyer that the school cancelled a course of their order. */
export function renderCancelledMail(booking: StandingBooking, record: CourseRecord, reason: string): MailMessage {
  const language = booking.language;
  const t = texts[language];
  const title = titleOf(record, language);
  const subject = fillText(t.cancelledSubject, { title });
  const greeting = booking.buyerName ? fillText(t.greeting, { name: booking.buyerName }) : t.greetingWithoutName;
  const intro = fillText(t.cancelledIntro, {
    title,
    identifier: record.identifier,
    dates: datesOf(record, language),
    number: booking.incrementId,
  });
  const blocks = [greeting, intro, ...(reason ? [`${t.reason}: ${reason}`] : []), t.cancelledMoney, t.cancelledHelp];
  return {
    to: booking.buyerEmail,
    subject,
    text: mailText(language, [...blocks, t.signature]),
    html: mailDocument(language, subject, [...blocks.map(mailParagraph), mailParagraph(t.signature)]),
  };
}

/** Queues the moved-course mails of every standing position (buyer and participants); returns how many. */
export async function queueMovedMails(
  db: Kysely<Database>,
  courseId: number,
  change: { before: CourseRecord; after: CourseRecord; sequence: number; now: Date },
): Promise<number> {
  let queued = 0;
  for (const booking of await standingBookings(db, courseId)) {
    for (const person of recipientsOf(booking)) {
      await queueMail(db, renderMovedMail(booking, person, change), { now: change.now });
      queued++;
    }
  }
  return queued;
}
