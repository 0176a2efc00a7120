import { CourseType, languages } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { testNow } from '../../test/databases.ts';
import type { AppContext } from '../../app-context.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { readOutbox } from '../../mail/outbox.ts';
import {
  sendWaitlistAlreadyWaitingMail,
  sendWaitlistJoinedMail,
  sendWaitlistLimitReachedMail,
  sendWaitlistOfferExpiredMail,
  sendWaitlistOfferMail,
} from './mails.ts';

/** A context on a fresh outbox (SQLite in memory); `sent` reads its mails in the order they were queued. */
async function capturing() {
  const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  const ctx = {
    db,
    now: () => testNow,
    shopUrl: 'https://shop.test',
    waitlistOfferSeconds: 86_400,
  } as unknown as AppContext;
  return { ctx, sent: async () => (await readOutbox(db)).reverse(), close: () => db.close() };
}

const course = {
  type: CourseType.fullCourse,
  title: 'Spanisch <A1> & mehr',
  startDate: '2026-02-02',
  startTime: '18:00',
};

describe('waitlist mails', () => {
  it.each(languages)(
    'in %s: joined and offer carry the link to leave, the expired one a link to join again',
    async (language) => {
      const { ctx, sent: queued, close } = await capturing();
      await sendWaitlistJoinedMail(ctx, {
        to: 'a@example.org',
        language,
        course,
        position: 3,
        leaveToken: 'leave-token',
      });
      await sendWaitlistOfferMail(ctx, {
        to: 'a@example.org',
        language,
        course,
        offerToken: 'offer-token',
        expiresAt: new Date('2026-01-16T09:00:00Z'),
      });
      await sendWaitlistOfferExpiredMail(ctx, { to: 'a@example.org', language, course });
      const sent = await queued();
      await close();
      const [joined, offer, expired] = sent;

      expect(joined!.text).toContain('https://shop.test/waitlist/leave?token=leave-token');
      expect(joined!.text).toMatch(/\b3\b/);
      expect(joined!.text).toContain('24');
      expect(offer!.text).toContain('https://shop.test/waitlist/offer?token=offer-token');
      expect(offer!.text).toContain('https://shop.test/waitlist/leave?token=offer-token');
      // The deadline in the shop's time zone (10:00 in Berlin in winter).
      expect(offer!.text).toContain('16.01.2026 10:00');
      expect(expired!.text).not.toContain('/waitlist/leave');
      expect(expired!.text).toContain('https://shop.test/courses?courseType=1');
      for (const mail of sent) {
        expect(mail.subject).toContain('Spanisch <A1> & mehr');
        expect(mail.text).toContain('02.02.2026 18:00');
        expect(mail.html).toContain('Spanisch &lt;A1&gt; &amp; mehr');
        expect(mail.html).toContain(`lang="${language}"`);
      }
    },
  );

  it.each(languages)(
    'in %s: the notices of a join that added nothing name the place, the held deadline or the cap, and no token',
    async (language) => {
      const { ctx, sent: queued, close } = await capturing();
      await sendWaitlistAlreadyWaitingMail(ctx, {
        to: 'a@example.org',
        language,
        course,
        position: 7,
        offerExpiresAt: null,
      });
      await sendWaitlistAlreadyWaitingMail(ctx, {
        to: 'a@example.org',
        language,
        course,
        position: 1,
        offerExpiresAt: new Date('2026-01-16T09:00:00Z'),
      });
      await sendWaitlistLimitReachedMail(ctx, { to: 'a@example.org', language, course, max: 5 });
      const sent = await queued();
      await close();
      const [waiting, held, limit] = sent;

      expect(waiting!.text).toMatch(/\b7\b/);
      expect(held!.text).toContain('16.01.2026 10:00');
      expect(limit!.text).toMatch(/\b5\b/);
      for (const mail of sent) {
        expect(mail.text).not.toContain('token=');
        expect(mail.subject).toContain('Spanisch <A1> & mehr');
        expect(mail.html).toContain(`lang="${language}"`);
      }
    },
  );
});
