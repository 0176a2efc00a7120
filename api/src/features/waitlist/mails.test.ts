import { CourseType, languages } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { sendWaitlistJoinedMail, sendWaitlistOfferExpiredMail, sendWaitlistOfferMail } from './mails.ts';

/** A context whose mailer keeps what it is given. */
function capturing(): { ctx: AppContext; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const ctx = {
    shopUrl: 'https://shop.test',
    waitlistOfferSeconds: 86_400,
    mailer: { usesOutbox: true, send: async (m: MailMessage) => void sent.push(m) },
  } as unknown as AppContext;
  return { ctx, sent };
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
      const { ctx, sent } = capturing();
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
});
