import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiProcessesOnOneDatabase,
  startApiProcessesOnOneDatabase,
  insertProcessTestCourse,
} from '../../test/api-process.ts';
import { courseOrder } from './test-support.ts';
import { defaultUnpaidHoldPlaces } from './unpaid-holds.ts';

/**
 * Two real API processes (`tsx src/main.ts`) on one database take submits at once: one client address, and one
 * inbox, never hold more than the cap of unpaid places between them, whichever process takes which submit.
 */

const submitsPerRace = 8;
const placesPerOrder = 4;
/** How many such orders fit under the cap. */
const fitting = Math.floor(defaultUnpaidHoldPlaces / placesPerOrder);

for (const dialect of ['sqlite', 'postgres'] as const) {
  const available = dialect === 'sqlite' || Boolean(inject('pgAdminUrl'));
  const run = available ? describe : describe.skip;
  run(`two API processes cap unpaid places [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`, () => {
    let api: ApiProcessesOnOneDatabase;
    const courses: { id: number; type: number; priceCents: number }[] = [];

    beforeAll(async () => {
      // The client is X-Forwarded-For's entry, so one test machine can be many clients (or one).
      api = await startApiProcessesOnOneDatabase(dialect, { TRUST_PROXY: '127.0.0.1' });
      for (let i = 0; i < submitsPerRace; i++) {
        const id = await insertProcessTestCourse(api.db, { identifier: `HOLD-${dialect}-${i}`, title: `Hold ${i}` });
        courses.push({ id, type: 1, priceCents: 10_000 });
      }
    }, 120_000);

    afterAll(async () => {
      expect(await api?.stop()).toEqual([0, 0]);
    }, 60_000);

    /** Sends all submits at once, alternating between the processes; their statuses, sorted. */
    const race = async (submit: (i: number) => { forwardedFor: string; email: string }) => {
      const replies = await Promise.all(
        courses.map(async (course, i) => {
          const { forwardedFor, email } = submit(i);
          const response = await fetch(`${api.processes[i % api.processes.length]!.url}/api/cart/submit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
            body: JSON.stringify(courseOrder(course, placesPerOrder, { emailAddress: email })),
          });
          return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
        }),
      );
      for (const reply of replies.filter((r) => r.status !== 200))
        expect(reply.body.error?.code, JSON.stringify(reply.body)).toBe('UNPAID_PLACES_LIMIT');
      return replies.map((reply) => reply.status).sort();
    };
    const expected = [...Array<number>(fitting).fill(200), ...Array<number>(submitsPerRace - fitting).fill(429)];

    it('one client address', async () => {
      expect(await race((i) => ({ forwardedFor: '198.51.100.20', email: `race.${dialect}.${i}@example.org` }))).toEqual(
        expected,
      );
    }, 60_000);

    it('one inbox, from many client addresses and through its aliases', async () => {
      expect(
        await race((i) => ({ forwardedFor: `198.51.100.${100 + i}`, email: `postfach.${dialect}+${i}@example.org` })),
      ).toEqual(expected);
    }, 60_000);
  });
}
