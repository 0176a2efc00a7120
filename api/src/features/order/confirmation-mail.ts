import { CourseType, languageSchema, type Language, type Order } from '@shop/shared/contract';
import { formatCourseDates, formatDate, sharedTranslator } from '@shop/shared/format';
import { presentOrder } from '@shop/shared/pricing';
import {
  fillText,
  mailButton,
  mailDocument,
  mailFacts,
  mailHeading,
  mailParagraph,
  mailText,
} from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { shopTimeZone } from '../../lib/dates.ts';
import { countryName, timeZoneInWords } from '../../lib/names.ts';
import { addMonths } from './dates.ts';
import { buildCourseCalendar, type CourseCalendarEntry } from './ics.ts';
import { renderOrderLines, type MailPosition } from './order-lines-mail.ts';
import de from './mail-texts/de.json' with { type: 'json' };
import en from './mail-texts/en.json' with { type: 'json' };
import es from './mail-texts/es.json' with { type: 'json' };

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

/** What the confirmation shows: the order as the account reads it, plus who it goes to. */
export type ConfirmationOrder = Order & { email: string };

const titleIn = (titles: readonly { language: Language; description: string }[], language: Language) =>
  titles.find((t) => t.language === language)?.description ??
  titles.find((t) => t.language === 'de')?.description ??
  titles[0]?.description ??
  '';

/** How the order names its positions, in the mail and wherever else they are listed (the payment's lines). */
export const positionNames = {
  course: (booking: Order['courseBookings'][number], language: Language) =>
    `${titleIn(booking.course.titles, language)} (${booking.course.identifier})`,
  product: (line: Order['productOrders'][number], language: Language) => titleIn(line.product.titles, language),
  package: (row: Order['customerBalanceTransactions'][number], language: Language) => {
    const t = texts[language];
    return `${t.package}: ${fillText(row.type === CourseType.conversationHours ? t.packageConversation : t.packageFlexible, { amount: row.amount })}`;
  },
};

/** The mail's positions in the order the price presenter lists them; their prices come from it. */
function positions(order: ConfirmationOrder, language: Language, t: Texts): MailPosition[] {
  const courses = order.courseBookings.map((booking) => {
    return {
      title: positionNames.course(booking, language),
      details: [
        formatCourseDates(booking.course, sharedTranslator(language), language),
        t.online,
        `${t.quantity}: ${booking.quantity}`,
        `${t.participants}: ${booking.participants.map((p) => `${p.firstname} ${p.lastname} <${p.email}>`).join(', ')}`,
      ],
    };
  });
  const products = order.productOrders.map((line) => ({ title: positionNames.product(line, language), details: [] }));
  const packages = order.customerBalanceTransactions.map((row) => ({
    title: positionNames.package(row, language),
    details: [],
  }));
  return [...courses, ...products, ...packages];
}

function paymentText(order: ConfirmationOrder, t: Texts): string {
  if (order.payments.length === 0) return t.payment_none;
  return order.payments.some((p) => p.status === 'paid') ? t.payment_paid : t.payment_pending;
}

/**
 * The order confirmation (docs/product-rules.md#checkout) in the customer's language, as text and HTML (every value escaped), with the
 * booked course dates as an .ics attachment. Pure: the /emailorder preview renders it with sample data. `guest`:
 * the order was placed without a customer account, which changes how its packages are redeemed.
 */
export function renderOrderConfirmation(
  order: ConfirmationOrder,
  language: Language,
  { name, guest }: { name: string; guest: boolean },
): MailMessage {
  const t = texts[language];
  const lines = renderOrderLines(presentOrder(order), positions(order, language, t), language);
  const pendingLink = order.payments.find((p) => p.status === 'pending' && p.paymentLink)?.paymentLink ?? null;
  const validUntil = formatDate(addMonths(new Date(order.createdAt), 12));
  const address = order.customerBillingAddress;
  const addressLines = address
    ? [
        `${address.firstname} ${address.lastname}`,
        address.addressLine2,
        address.addressLine1,
        `${address.zip} ${address.city}`,
        countryName(address.country, language),
      ].filter(Boolean)
    : [];
  const facts: [string, string][] = [
    [t.orderNumber, order.incrementId],
    [t.orderDate, formatDate(order.createdAt)],
    [t.paymentStatus, paymentText(order, t)],
  ];
  const notes = [
    ...(order.courseBookings.length > 0
      ? [fillText(t.timeZone, { zone: timeZoneInWords(shopTimeZone, language) })]
      : []),
    ...(order.courseBookings.some((booking) => booking.course.startTime !== null) ? [t.calendarHint] : []),
    ...(order.customerBalanceTransactions.length > 0
      ? [`${fillText(t.packageValidity, { date: validUntil })} ${guest ? t.packageGuest : t.packageCustomer}`]
      : []),
    t.withdrawal,
    ...(order.earlyStartRequested ? [t.earlyStart] : []),
    t.contact,
  ];
  const subject = fillText(t.subject, { number: order.incrementId });

  const text = mailText(language, [
    fillText(t.greeting, { name }),
    t.intro,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    lines.text,
    ...(pendingLink ? [`${t.payLink}: ${pendingLink}`] : []),
    ...(order.comment ? [`${t.comment}: ${order.comment}`] : []),
    ...(addressLines.length ? [`${t.billingAddress}:\n${addressLines.join('\n')}`] : []),
    ...notes,
    t.signature,
  ]);

  const html = mailDocument(language, subject, [
    mailParagraph(fillText(t.greeting, { name })),
    mailParagraph(t.intro),
    mailFacts(facts),
    lines.html,
    ...(pendingLink ? [mailButton(pendingLink, t.payLink)] : []),
    ...(order.comment ? [mailParagraph(`${t.comment}: ${order.comment}`)] : []),
    ...(addressLines.length ? [mailHeading(t.billingAddress), mailParagraph(addressLines.join('\n'))] : []),
    ...notes.map(mailParagraph),
    mailParagraph(t.signature),
  ]);

  const calendar = buildCourseCalendar(calendarEntries(order, language), {
    timeZone: shopTimeZone,
    stamp: new Date(order.createdAt),
  });
  const attachments = calendar
    ? [
        {
          filename: `bestellung-${order.incrementId}.ics`,
          content: calendar,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ]
    : [];
  return { to: order.email, subject, text, html, attachments };
}

/**
 * The order's course bookings for its calendar file: one entry per booking, its UID stable for the booking (so a
 * later file after the course was moved replaces it), the course title in the order's language, and the online
 * location with the order number in every lesson's note.
 */
export function calendarEntries(order: ConfirmationOrder, language: Language): CourseCalendarEntry[] {
  return order.courseBookings.map((booking) =>
    bookingCalendarEntry(
      { incrementId: order.incrementId, bookingId: booking.id, language },
      { ...booking.course, title: titleIn(booking.course.titles, language), weekdays: booking.course.weekdays ?? [] },
    ),
  );
}

/** The UID of one booked position's event: stable, so a later file (after a move) replaces the entry. */
export const bookingEventUid = (incrementId: string, bookingId: number) =>
  `order-${incrementId}-booking-${bookingId}@sprachschule.example`;

/** One booked position as its calendar entry; `sequence` counts the course's moves since (0 at first). */
export function bookingCalendarEntry(
  booking: { incrementId: string; bookingId: number; language: Language },
  course: Pick<CourseCalendarEntry, 'title' | 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'weekdays'>,
  sequence = 0,
): CourseCalendarEntry {
  const t = texts[booking.language];
  return {
    ...course,
    uid: bookingEventUid(booking.incrementId, booking.bookingId),
    location: t.calendarLocation,
    description: fillText(t.calendarNote, { number: booking.incrementId }),
    sequence,
  };
}

/** The order's calendar file for a download, in the order's language (content null: no lesson to show). */
export function orderCalendarFile(order: ConfirmationOrder & { locale: string }): {
  filename: string;
  content: string | null;
} {
  const language = languageSchema.catch('de').parse(order.locale);
  return {
    filename: `bestellung-${order.incrementId}.ics`,
    content: buildCourseCalendar(calendarEntries(order, language), {
      timeZone: shopTimeZone,
      stamp: new Date(order.createdAt),
    }),
  };
}
