import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { deliverDueMails, retryDelayMs } from './delivery.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { mailStats, queueMail, retryFailedMails } from './outbox.ts';

/** A transport that records what it was handed and fails while `failing` says so. */
function recordingMailer(
  failing: (mail: OutgoingMail) => Error | null = () => null,
): Mailer & { delivered: OutgoingMail[] } {
  const delivered: OutgoingMail[] = [];
  return {
    usesOutbox: false,
    delivered,
    async deliver(mail) {
      // A moment on the wire, so that concurrent workers overlap.
      await new Promise((resolve) => setImmediate(resolve));
      const error = failing(mail);
      if (error) throw error;
      delivered.push(mail);
    },
  };
}

const mail = (i: number) => ({ to: `m${i}@example.org`, subject: `S${i}`, text: 't', html: '<p>t</p>' });
const temporary = () => Object.assign(new Error('421 busy'), { responseCode: 421 });

describeEachDatabase(
  'mail outbox delivery',
  (ctx) => {
    const k = () => ctx.db.kysely;
    const clear = () => k().deleteFrom('mail_outbox').execute();

    it('waits base, 2 × base, 4 × base … up to the maximum between attempts', () => {
      const policy = { maxAttempts: 10, baseDelayMs: 100, maxDelayMs: 500 };
      expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, policy))).toEqual([100, 200, 400, 500, 500]);
    });

    it('gives each message to exactly one of several concurrent workers', async () => {
      await clear();
      for (let i = 0; i < 40; i++) await queueMail(ctx.db, mail(i));
      const mailer = recordingMailer();
      const results = await Promise.all(
        ['a', 'b', 'c'].map((workerId) => deliverDueMails({ db: k(), mailer, workerId, batchSize: 7 })),
      );
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
      expect(new Set(mailer.delivered.map((m) => m.messageId)).size).toBe(40);
      expect(mailer.delivered).toHaveLength(40);
      expect(await mailStats(k())).toEqual({ queued: 0, sending: 0, sent: 40, failed: 0 });
    });

    it('requeues a temporary failure with a growing wait, and fails it after the last attempt', async () => {
      await clear();
      let clock = Date.parse('2026-01-15T09:00:00Z');
      await queueMail(ctx.db, mail(1), { now: new Date(clock) });
      const mailer = recordingMailer(temporary);
      const retry = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 60_000 };
      const run = () => deliverDueMails({ db: k(), mailer, workerId: 'w', retry, clock: () => clock });
      const row = () =>
        k()
          .selectFrom('mail_outbox')
          .select(['status', 'attempts', 'next_attempt_at', 'last_error'])
          .executeTakeFirstOrThrow();

      expect(await run()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await row()).toMatchObject({
        status: 'queued',
        attempts: 1,
        next_attempt_at: new Date(clock + 1000).toISOString(),
      });
      expect(await run(), 'not due yet').toEqual({ sent: 0, retried: 0, failed: 0 });
      clock += 1000;
      expect(await run()).toMatchObject({ retried: 1 });
      expect((await row()).next_attempt_at).toBe(new Date(clock + 2000).toISOString());
      clock += 2000;
      expect(await run()).toMatchObject({ failed: 1 });
      expect(await row()).toMatchObject({ status: 'failed', attempts: 3 });
      expect((await row()).last_error).toContain('421');

      // The operator fixed the cause: back in the queue, then out.
      expect(await retryFailedMails(k(), new Date(clock))).toBe(1);
      expect(
        await deliverDueMails({ db: k(), mailer: recordingMailer(), workerId: 'w', retry, clock: () => clock }),
      ).toMatchObject({ sent: 1 });
    });

    it('takes over a message whose worker died mid-send once its claim lapsed, not before', async () => {
      await clear();
      const clock = Date.parse('2026-01-15T09:00:00Z');
      const id = await queueMail(ctx.db, mail(2), { now: new Date(clock) });
      await k()
        .updateTable('mail_outbox')
        .set({
          status: 'sending',
          claimed_by: 'dead',
          claimed_until: new Date(clock + 60_000).toISOString(),
          attempts: 1,
        })
        .where('message_id', '=', id)
        .execute();
      const mailer = recordingMailer();
      expect(await deliverDueMails({ db: k(), mailer, workerId: 'w', clock: () => clock })).toMatchObject({ sent: 0 });
      expect(await deliverDueMails({ db: k(), mailer, workerId: 'w', clock: () => clock + 60_000 })).toMatchObject({
        sent: 1,
      });
      expect(mailer.delivered.map((m) => m.messageId)).toEqual([id]);
    });

    it('stops between two messages when asked, leaving the rest queued', async () => {
      await clear();
      for (let i = 0; i < 3; i++) await queueMail(ctx.db, mail(i));
      const stop = new AbortController();
      const mailer = recordingMailer(() => {
        stop.abort();
        return null;
      });
      expect(await deliverDueMails({ db: k(), mailer, workerId: 'w', signal: stop.signal })).toMatchObject({ sent: 1 });
      expect(await mailStats(k())).toMatchObject({ queued: 2, sent: 1 });
    });
  },
  { seed: false },
);
