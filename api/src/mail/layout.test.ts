import { CourseType, type Language, languages } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { testNow } from '../test/databases.ts';
import type { AppContext } from '../app-context.ts';
import { createDatabase } from '../db/database.ts';
import { escapeHtml } from '../lib/html.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { renderResultMail } from '../features/exam/result-mail.ts';
import { renderOrderConfirmation } from '../features/order/confirmation-mail.ts';
import { sampleOrder } from '../features/order/sample-order.ts';
import {
  sendWaitlistJoinedMail,
  sendWaitlistOfferExpiredMail,
  sendWaitlistOfferMail,
} from '../features/waitlist/mails.ts';
import { renderRefundNotice, renderWithdrawalReceipt } from '../features/withdrawal/mails.ts';
import type { MailMessage } from './mailer.ts';
import { readOutbox } from './outbox.ts';
import { demoSchoolIdentity as school, writeSchoolIdentity } from '../features/school/identity.ts';
import { withSchool } from './html.ts';
import { renderMail } from './templates.ts';

/** One mail of the shop and what it must say in both parts. */
interface Case {
  name: string;
  mail: MailMessage;
  essentials: string[];
}

const link = 'https://shop.test/verify-email?token=abc';

/** The waitlist mails, as their senders queue them (their renderer is private to them). */
async function waitlistMails(language: Language): Promise<MailMessage[]> {
  const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  // Queued mails take the school from the database.
  await writeSchoolIdentity(db.kysely, school, testNow);
  const ctx = { db, now: () => testNow, shopUrl: 'https://shop.test', waitlistOfferSeconds: 86_400 };
  const course = { type: CourseType.fullCourse, title: 'Spanisch A1', startDate: '2026-02-02', startTime: '18:00' };
  const common = { to: 'a@example.org', language, course };
  await sendWaitlistJoinedMail(ctx as unknown as AppContext, { ...common, position: 3, leaveToken: 'leave-token' });
  await sendWaitlistOfferMail(ctx as unknown as AppContext, {
    ...common,
    offerToken: 'offer-token',
    expiresAt: new Date('2026-01-16T09:00:00Z'),
  });
  await sendWaitlistOfferExpiredMail(ctx as unknown as AppContext, common);
  const mails = (await readOutbox(db)).reverse().map(({ to, subject, text, html }) => ({ to, subject, text, html }));
  await db.close();
  return mails;
}

/** Every mail the shop sends, in `language`. */
async function everyMail(language: Language): Promise<Case[]> {
  const customer = (['verifyEmail', 'emailChange', 'passwordReset', 'passwordChanged', 'accountExists'] as const).map(
    (kind) => ({
      name: kind,
      mail: renderMail({ kind, language, to: 'anna@example.org', name: 'Anna', link }),
      essentials: ['Anna', link],
    }),
  );
  const [joined, offer, expired] = await waitlistMails(language);
  return [
    ...customer,
    {
      name: 'levelTestResult',
      mail: renderResultMail({
        to: 'a@example.org',
        language,
        score: { level: 'B1', reachedPoints: 31, maxPoints: 40, targetDetail: 'B1.2' },
        recommendation: { courseTag: 'b1', conversationTag: null, flexibleLearningCourse: null, product: null },
        link: (path, query) => `https://shop.test${path}?${new URLSearchParams(query)}`,
      }),
      essentials: ['31', 'B1.2', 'https://shop.test/courses?preSelectedTags=b1'],
    },
    {
      name: 'orderConfirmation',
      mail: renderOrderConfirmation(sampleOrder, language, { name: 'Ana', guest: false }),
      essentials: ['100042', 'Jonas Weber', '06.04.2026 – 22.06.2026', 'https://shop.example/api/payments/sandbox'],
    },
    {
      name: 'withdrawalReceipt',
      mail: renderWithdrawalReceipt(
        {
          receiptNumber: 'W-7',
          receivedAt: '2026-03-05T09:00:00.000Z',
          name: 'Ana García',
          orderNumber: '100042',
          email: 'ana@example.org',
          positions: [],
          outcome: 'withdrawn',
          reviewReason: null,
          refundAmount: 289,
        },
        language,
      ),
      essentials: ['W-7', '100042', '05.03.2026 10:00:00', '289'],
    },
    {
      name: 'refundNotice',
      mail: renderRefundNotice(
        { to: 'ana@example.org', name: 'Ana', orderNumber: '100042', amountCents: 28900 },
        language,
      ),
      essentials: ['Ana', '100042', '289'],
    },
    { name: 'waitlistJoined', mail: joined!, essentials: ['https://shop.test/waitlist/leave?token=leave-token'] },
    { name: 'waitlistOffer', mail: offer!, essentials: ['https://shop.test/waitlist/offer?token=offer-token'] },
    { name: 'waitlistExpired', mail: expired!, essentials: ['https://shop.test/courses?courseType=1'] },
  ];
}

/** The HTML as a reader sees its text: tags gone, entities read. */
const visibleText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&middot;', '·')
    .replaceAll('&nbsp;', ' ');

describe.each(languages)('every mail in %s', (language) => {
  it('has the one branded layout in its HTML part and its footer in its text part, and says its essentials in both', async () => {
    const cases = await everyMail(language);
    expect(cases.map((c) => c.name)).toHaveLength(12);
    for (const { name, mail: rendered, essentials } of cases) {
      // What queueMail makes of a rendered mail: the school filled in.
      const mail = withSchool(rendered, school);
      const { html, text } = mail;
      // The layout: a fluid column of at most 600 px, the wordmark header, the subject as heading, the footer.
      expect(html, name).toMatch(/^<!doctype html><html lang="[a-z]{2}">/);
      expect(html, name).toContain(`<html lang="${language}">`);
      expect(html, name).toContain('<meta name="viewport"');
      expect(html, name).toContain('class="mail-layout"');
      expect(html, name).toContain('max-width:600px');
      expect(html, name).toContain(`>${school.name}</td>`);
      expect(visibleText(html), name).toContain(mail.subject);
      for (const url of [school.imprintUrl, school.privacyUrl, school.termsUrl, school.withdrawalUrl])
        expect(html, name).toContain(`href="${url}"`);
      expect(html, name).toContain(`mailto:${school.email}`);
      // Mail clients drop custom properties: the tokens' values are written in.
      expect(html, name).not.toContain('var(--');
      expect(html, name).toContain('#b3261e');
      // The text part: content, then the signature line and the same footer.
      expect(text, name).toContain('\n\n-- \n');
      const footer = text.slice(text.lastIndexOf('\n-- \n'));
      expect(footer, name).toContain(school.name);
      expect(footer, name).toContain(school.email);
      expect(footer, name).toContain(school.imprintUrl);
      // No placeholder left unfilled, and the essentials in both parts.
      expect(`${html}${text}${mail.subject}`, name).not.toContain('{{');
      for (const essential of essentials) {
        expect(text, `${name} text: ${essential}`).toContain(essential);
        // As text the reader sees, or as a link's target.
        const shown = visibleText(html).includes(essential) || html.includes(`href="${escapeHtml(essential)}`);
        expect(shown, `${name} html: ${essential}`).toBe(true);
      }
    }
  });
});
