import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, isoDateInZone } from '../../lib/dates.ts';
import {
  type ApiProcessesOnOneDatabase,
  loggedEvents,
  startApiProcessesOnOneDatabase,
} from '../../test/api-process.ts';
import { joinWaitlist } from './entries.ts';

/**
 * Two real API processes (`tsx src/main.ts`) running the waitlist on one database every 100 ms: ten places freed
 * while thirty people wait become exactly ten offers, to the first ten, each mailed once. PostgreSQL only, where
 * the two processes' transactions truly overlap (SQLite runs one write transaction at a time); the in-process
 * concurrency test (waitlist.test.ts) covers both dialects. Process starts are the cost, so one dialect.
 */

const waitingCount = 30;
const freed = 10;

const dialect = 'postgres';
const available = Boolean(inject('pgAdminUrl'));
const run = available ? describe : describe.skip;
run(
  `two API processes run the waitlist on one database [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`,
  () => {
    let api: ApiProcessesOnOneDatabase;

    beforeAll(async () => {
      api = await startApiProcessesOnOneDatabase(dialect, { WAITLIST_INTERVAL_MS: '100' });
    }, 120_000);

    afterAll(async () => {
      expect(await api?.stop()).toEqual([0, 0]);
    }, 60_000);

    it('offers each freed place once, to as many people', async () => {
      const { db, processes } = api;
      const today = isoDateInZone(new Date());
      const course = await db.kysely
        .insertInto('course')
        .values({
          type: 1,
          identifier: `WAITLIST-${dialect}`,
          start_date: addDays(today, 30),
          start_time: '18:00',
          end_date: addDays(today, 60),
          end_time: '19:30',
          registration_deadline: addDays(today, 20),
          max_participants: 12,
          free_places: 0,
          price_cents: 10_000,
          discounted_price_cents: null,
          flexible_learning_course_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('course_text')
        .values({ course_id: course.id, language: 'de', title: 'Wartekurs', pretitle: '', short: '' })
        .execute();
      const emails = Array.from({ length: waitingCount }, (_, i) => `warte.${dialect}.${i}@example.org`);
      for (const email of emails)
        await joinWaitlist(db.kysely, { courseId: course.id, email, customerId: null, locale: 'de', now: new Date() });

      // Ten places come back at one instant: both processes find them in their next run.
      await db.kysely.updateTable('course').set({ free_places: freed }).where('id', '=', course.id).execute();
      const offeredMails = async () =>
        (
          await db.kysely
            .selectFrom('mail_outbox')
            .select('recipient')
            .where('subject', '=', 'Ein Platz ist frei: Wartekurs')
            .execute()
        ).map((row) => row.recipient);
      const deadline = Date.now() + 30_000;
      while ((await offeredMails()).length < freed && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Several more runs of both processes, which must find nothing left to offer.
      await new Promise((resolve) => setTimeout(resolve, 500));

      expect((await offeredMails()).sort()).toEqual(emails.slice(0, freed).sort());
      const entries = await db.kysely
        .selectFrom('waitlist_entry')
        .select(['email', 'status'])
        .where('course_id', '=', course.id)
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.status)).toEqual([
        ...Array(freed).fill('offered'),
        ...Array(waitingCount - freed).fill('waiting'),
      ]);
      const row = await db.kysely
        .selectFrom('course')
        .select('free_places')
        .where('id', '=', course.id)
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
