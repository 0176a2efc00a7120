import { expect, it } from 'vitest';
import { describeWithApiProcesses, insertProcessTestCourse, loggedEvents } from '../../test/api-process.ts';
import { joinWaitlist } from './entries.ts';

/**
 * Two real API processes (`tsx src/main.ts`) running the waitlist on one database every 100 ms: ten places freed
 * while thirty people wait become exactly ten offers, to the first ten, each mailed once. PostgreSQL only, where
 * the two processes' transactions truly overlap (SQLite runs one write transaction at a time); the in-process
 * concurrency test (waitlist.test.ts) covers both dialects. Process starts are the cost, so one dialect.
 */

const waitingCount = 30;
const freed = 10;

describeWithApiProcesses(
  'two API processes run the waitlist on one database',
  { env: { WAITLIST_INTERVAL_MS: '100' }, dialects: ['postgres'] },
  (api, dialect) => {
    it('offers each freed place once, to as many people', async () => {
      const { db, processes } = api;
      const courseId = await insertProcessTestCourse(db, {
        identifier: `WAITLIST-${dialect}`,
        title: 'Wartekurs',
        maxParticipants: 12,
        freePlaces: 0,
      });
      const emails = Array.from({ length: waitingCount }, (_, i) => `warte.${dialect}.${i}@example.org`);
      for (const email of emails)
        await joinWaitlist(db.kysely, { courseId, email, customerId: null, locale: 'de', now: new Date() });

      // Ten places come back at one instant: both processes find them in their next run.
      await db.kysely.updateTable('course').set({ free_places: freed }).where('id', '=', courseId).execute();
      const offeredMails = async () =>
        (
          await db.kysely
            .selectFrom('mail_outbox')
            .select('recipient')
            .where('subject', '=', 'Ein Platz ist frei: Wartekurs')
            .execute()
        ).map((row) => row.recipient);
      await expect
        .poll(async () => (await offeredMails()).length, { timeout: 30_000, interval: 100 })
        .toBeGreaterThanOrEqual(freed);
      // Several more runs of both processes, which must find nothing left to offer.
      await new Promise((resolve) => setTimeout(resolve, 500));

      expect((await offeredMails()).sort()).toEqual(emails.slice(0, freed).sort());
      const entries = await db.kysely
        .selectFrom('waitlist_entry')
        .select(['email', 'status'])
        .where('course_id', '=', courseId)
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.status)).toEqual([
        ...Array(freed).fill('offered'),
        ...Array(waitingCount - freed).fill('waiting'),
      ]);
      const row = await db.kysely
        .selectFrom('course')
        .select('free_places')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow();
      expect(row.free_places).toBe(0);

      const offeredBy = processes.map((apiProcess) =>
        loggedEvents(apiProcess, 'waitlist_run').reduce((sum, pass) => sum + (pass.offered as number), 0),
      );
      expect(offeredBy.reduce((a, b) => a + b, 0)).toBe(freed);
      console.info(`[${dialect}] offers per process: ${offeredBy.join(' + ')}`);
    }, 120_000);
  },
);
