import type { Kysely } from 'kysely';
import type { CourseType, Language } from '@shop/shared/contract';
import { formatDate, formatTime } from '@shop/shared/format';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import { shopTimeZone } from '../../lib/dates.ts';
import { fillText, mailButton, mailDocument, mailLink, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { shopLink } from '../customer/mails.ts';
import de from './mail-texts/de.json' with { type: 'json' };
import en from './mail-texts/en.json' with { type: 'json' };
import es from './mail-texts/es.json' with { type: 'json' };

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

/** The shop pages the waitlist mails link to (mf-catalog serves them). */
export const waitlistPaths = { offer: '/waitlist/offer', leave: '/waitlist/leave', courses: '/courses' } as const;

/** The course as the mails name it. */
export interface WaitlistMailCourse {
  type: CourseType;
  title: string;
  startDate: string;
  startTime: string | null;
}

interface Common {
  to: string;
  language: Language;
  course: WaitlistMailCourse;
}

/** `16.01.2026 10:00` in the shop's time zone (the offer's deadline is an instant). */
function shopDateTime(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: shopTimeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * One waitlist mail: greeting, what happened (`lines`), the course, one call to action, and while the person is
 * on the list the link to leave it. Plain text and HTML say the same.
 */
function render(
  { to, language, course }: Common,
  subject: string,
  lines: string[],
  action: { label: string; link: string } | null,
  leaveLink: string | null,
): MailMessage {
  const t = texts[language];
  const start = course.startTime
    ? `${formatDate(course.startDate)} ${formatTime(course.startTime)}`
    : formatDate(course.startDate);
  const courseLine = fillText(t.course, { title: course.title, start });
  const [intro, ...rest] = lines;
  const title = fillText(subject, { title: course.title });
  const text = mailText(language, [
    t.greeting,
    intro ?? '',
    courseLine,
    ...rest,
    ...(action ? [`${action.label}: ${action.link}`] : []),
    ...(leaveLink ? [`${t.leaveHint} ${leaveLink}`] : []),
    t.signature,
  ]);
  const html = mailDocument(language, title, [
    mailParagraph(t.greeting),
    mailParagraph(intro ?? ''),
    mailParagraph(courseLine),
    ...rest.map(mailParagraph),
    ...(action ? [mailButton(action.link, action.label), mailLink(action.link)] : []),
    ...(leaveLink ? [mailParagraph(t.leaveHint), mailLink(leaveLink, t.leaveAction)] : []),
    mailParagraph(t.signature),
  ]);
  return { to, subject: title, text, html };
}

/**
 * The mails of the waitlist, one small function each, so that how they are sent (queued in the transactional outbox,
 * docs/decisions/0008-outbox-and-jobs.md) changes in one place per mail.
 */

/** Confirms joining: the position, how offers work, and the link to leave. */
export async function sendWaitlistJoinedMail(
  ctx: AppContext,
  mail: Common & { position: number; leaveToken: string },
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  const t = texts[mail.language].joined;
  const hours = Math.round(ctx.waitlistOfferSeconds / 3600);
  await queueMail(
    db,
    render(
      mail,
      t.subject,
      [t.intro, fillText(t.position, { position: mail.position }), fillText(t.next, { hours })],
      null,
      shopLink(ctx, waitlistPaths.leave, { token: mail.leaveToken }),
    ),
    { now: ctx.now() },
  );
}

/** Offers a held place: the personal link that books it, its deadline, and the link to leave (passing it on). */
export async function sendWaitlistOfferMail(
  ctx: AppContext,
  mail: Common & { offerToken: string; expiresAt: Date },
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  const t = texts[mail.language].offer;
  await queueMail(
    db,
    render(
      mail,
      t.subject,
      [t.intro, fillText(t.deadline, { deadline: shopDateTime(mail.expiresAt) }), t.how],
      { label: t.action, link: shopLink(ctx, waitlistPaths.offer, { token: mail.offerToken }) },
      // The offer's token also leaves the list: the person never got their joining token back in plain.
      shopLink(ctx, waitlistPaths.leave, { token: mail.offerToken }),
    ),
    { now: ctx.now() },
  );
}

/**
 * A join named an address that already waits for the course (docs/decisions/0074-waitlist-join-tells-nothing-about-
 * the-address.md): the joiner was answered as for a first join, so the address's owner learns here where they
 * stand, or until when an offered place is held. No leave link: only the hash of the entry's tokens is kept, and the
 * joining mail has it.
 */
export async function sendWaitlistAlreadyWaitingMail(
  ctx: AppContext,
  mail: Common & { position: number; offerExpiresAt: Date | null },
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  const t = texts[mail.language];
  const where = mail.offerExpiresAt
    ? fillText(t.already.held, { deadline: shopDateTime(mail.offerExpiresAt) })
    : fillText(t.joined.position, { position: mail.position });
  await queueMail(db, render(mail, t.already.subject, [t.already.intro, where, t.already.leave], null, null), {
    now: ctx.now(),
  });
}

/** A join named an address that already waits for the most courses allowed: nothing was added, and why. */
export async function sendWaitlistLimitReachedMail(
  ctx: AppContext,
  mail: Common & { max: number },
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  const t = texts[mail.language].limit;
  await queueMail(db, render(mail, t.subject, [fillText(t.intro, { max: mail.max }), t.how], null, null), {
    now: ctx.now(),
  });
}

/** The held place went to the next person; the entry has ended, so the link is to join again, not to leave. */
export async function sendWaitlistOfferExpiredMail(
  ctx: AppContext,
  mail: Common,
  db: Kysely<Database> = ctx.db.kysely,
): Promise<void> {
  const t = texts[mail.language].expired;
  await queueMail(
    db,
    render(
      mail,
      t.subject,
      [t.intro, t.ended],
      { label: t.action, link: shopLink(ctx, waitlistPaths.courses, { courseType: String(mail.course.type) }) },
      null,
    ),
    { now: ctx.now() },
  );
}
