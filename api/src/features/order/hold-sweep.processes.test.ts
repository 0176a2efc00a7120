import { orderRequestSchema } from '@shop/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiProcessesOnOneDatabase,
  loggedEvents,
  startApiProcessesOnOneDatabase,
  insertProcessTestCourse,
} from '../../test/api-process.ts';
import { sandboxProvider } from '../payment/sandbox-provider.ts';
import { submitOrder } from './submit.ts';
import { courseOrder } from './test-support.ts';

/**
 * Two real API processes (`tsx src/main.ts`) sweeping one database at once: every order whose hold ended is
 * cancelled exactly once, and every place it held is given back exactly once.
 */

const holdSeconds = 10;
const ordersPerCourse = 12;
const courseCount = 3;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const available = dialect === 'sqlite' || Boolean(inject('pgAdminUrl'));
  const run = available ? describe : describe.skip;
  run(`two API processes sweep one database [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`, () => {
    let api: ApiProcessesOnOneDatabase;

    beforeAll(async () => {
      api = await startApiProcessesOnOneDatabase(dialect, {
        PAYMENT_HOLD_SECONDS: String(holdSeconds),
        PAYMENT_HOLD_SWEEP_MS: '100',
      });
    }, 120_000);

    afterAll(async () => {
      expect(await api?.stop()).toEqual([0, 0]);
    }, 60_000);

    it('cancels each expired order once and releases each place once', async () => {
      const { db, processes } = api;
      const courses: { id: number; type: number; priceCents: number }[] = [];
      for (let i = 0; i < courseCount; i++) {
        const id = await insertProcessTestCourse(db, {
          identifier: `SWEEP-${dialect}-${i}`,
          title: `Sweep ${i}`,
          freePlaces: 25,
        });
        courses.push({ id, type: 1, priceCents: 10_000 });
      }

      // Orders as the checkout writes them, with the processes' hold of PAYMENT_HOLD_SECONDS.
      const provider = sandboxProvider(db, 'https://shop.test');
      const numbers: string[] = [];
      for (let i = 0; i < ordersPerCourse * courseCount; i++) {
        const request = orderRequestSchema.parse(
          courseOrder(courses[i % courseCount]!, 1, { emailAddress: `sweep.${i}@example.org` }),
        );
        const order = await submitOrder(db.kysely, {
          request,
          customer: null,
          now: new Date(),
          provider,
          paymentHoldSeconds: holdSeconds,
        });
        numbers.push(order.incrementId);
      }
      const freePlaces = async () =>
        (
          await db.kysely
            .selectFrom('course')
            .select('free_places')
            .where(
              'id',
              'in',
              courses.map((c) => c.id),
            )
            .orderBy('id')
            .execute()
        ).map((row) => row.free_places);
      expect(await freePlaces()).toEqual(courses.map(() => 25 - ordersPerCourse));

      // All holds end at one instant, so both processes find the whole set due in the same moment.
      const holds = await db.kysely
        .selectFrom('shop_order')
        .select('hold_expires_at')
        .where('increment_id', 'in', numbers)
        .execute();
      const end = holds
        .map((row) => row.hold_expires_at!)
        .sort()
        .at(-1)!;
      await db.kysely
        .updateTable('shop_order')
        .set({ hold_expires_at: end })
        .where('increment_id', 'in', numbers)
        .execute();
      const pendingLeft = async () =>
        Number(
          (
            await db.kysely
              .selectFrom('shop_order')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('increment_id', 'in', numbers)
              .where('status', '=', 'payment_pending')
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await pendingLeft()).toBe(numbers.length);

      const deadline = Date.parse(end) + 30_000;
      while ((await pendingLeft()) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await pendingLeft()).toBe(0);
      // Let any sweep still running finish its (empty-handed) attempts.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const rows = await db.kysely
        .selectFrom('shop_order')
        .select(['status', 'cancel_reason'])
        .where('increment_id', 'in', numbers)
        .execute();
      expect(new Set(rows.map((row) => `${row.status}/${row.cancel_reason}`))).toEqual(
        new Set(['cancelled/hold_expired']),
      );
      expect(await freePlaces()).toEqual(courses.map(() => 25));

      // Each order's cancellation was done, and logged, by exactly one of the two processes.
      const cancelledBy = processes.map((apiProcess) =>
        loggedEvents(apiProcess, 'hold_expired').map((cancelled) => cancelled.orderNumber as string),
      );
      expect(cancelledBy.flat().sort()).toEqual([...numbers].sort());
      console.info(`[${dialect}] cancellations per process: ${cancelledBy.map((list) => list.length).join(' + ')}`);
    }, 120_000);
  });
}
