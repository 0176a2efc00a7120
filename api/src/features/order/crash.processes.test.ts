import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Db } from '../../db/database.ts';
import { startApi } from '../../test/api-process.ts';

/**
 * docs/product-rules.md#checkout reliability: the API process is killed (SIGKILL, no shutdown) in the middle of a stream of submits and
 * started again on the same database. Every order it had acknowledged is there, and each course's free places
 * match its bookings exactly (no half-written order, no lost or doubly taken place). Real processes, real files.
 */
const order = (course: { id: number; price: number; discountedPrice: number | null }, n: number) => ({
  courses: [
    {
      courseId: course.id,
      courseType: 1,
      quantity: 1,
      participants: [{ firstname: 'Crash', lastname: `Test${n}`, email: `crash${n}@example.org` }],
    },
  ],
  expectedTotalPrice: course.discountedPrice ?? course.price,
  // The processes run on the real clock, so the seeded courses start inside the withdrawal period.
  earlyStartRequested: true,
  billingAddress: {
    firstname: 'Crash',
    lastname: 'Test',
    addressLine1: 'Hauptstr. 1',
    city: 'Berlin',
    zip: '10115',
    country: 'DE',
  },
  selectedPaymentMethod: 'creditcard',
  emailAddress: `crash${n}@example.org`,
});

/**
 * Each order comes from a client of its own behind the test's proxy (TRUST_PROXY=127.0.0.1): one client may keep
 * only a few unpaid orders open at once (unpaid-holds.ts), and this stream is about crashes, not that cap.
 */
const asClient = (n: number) => ({
  'content-type': 'application/json',
  'x-forwarded-for': `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
});

async function crashRun(serverEnv: Record<string, string>, openDb: () => Db) {
  const env = { ...serverEnv, TRUST_PROXY: '127.0.0.1' };
  let api = await startApi(env);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const courses = (
    (await (await fetch(`${api.url}/api/course/search?type=1&limit=50`)).json()) as {
      result: {
        items: {
          id: number;
          freePlaces: number;
          registrationDeadline: string;
          price: number;
          discountedPrice: number | null;
        }[];
      };
    }
  ).result.items;
  const course = courses.find((c) => c.freePlaces >= 3 && c.registrationDeadline >= today)!;
  expect(course).toBeDefined();
  const db = openDb();
  try {
    // Plenty of places, so every submit can succeed until the kill.
    await db.kysely
      .updateTable('course')
      .set({ free_places: 1000, max_participants: 1000 })
      .where('id', '=', course.id)
      .execute();
    const acknowledged: string[] = [];
    let n = 0;
    // Four streams of submits; the process is killed once 40 orders are acknowledged, with requests in flight.
    let killed = false;
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    const stream = async () => {
      while (!killed) {
        const number = ++n;
        const reply = await fetch(`${api.url}/api/cart/submit`, {
          method: 'POST',
          headers: asClient(number),
          body: JSON.stringify(order(course, number)),
        }).catch((error: unknown) => {
          if (!killed) throw error;
          return null;
        });
        if (!reply) return;
        if (reply.status !== 200) throw new Error(`submit answered ${reply.status}: ${await reply.text()}`);
        // An answer cut off by the kill was never acknowledged to the client.
        const body = (await reply.json().catch((error: unknown) => {
          if (!killed) throw error;
          return null;
        })) as { result: { incrementId: string } } | null;
        if (body) acknowledged.push(body.result.incrementId);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          api.child.kill('SIGKILL');
        }
      }
    };
    // The kill lands while the other streams' requests are in flight.
    await Promise.all([stream(), stream(), stream(), stream()]);
    await exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    api = await startApi(env);
    const stored = await db.kysely.selectFrom('shop_order').select('increment_id').execute();
    const numbers = new Set(stored.map((row) => row.increment_id));
    for (const id of acknowledged) expect(numbers.has(id), `acknowledged order ${id}`).toBe(true);
    const booked = await db.kysely
      .selectFrom('course_booking')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), eb.val(0)).as('places'))
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow();
    const after = await db.kysely
      .selectFrom('course')
      .select('free_places')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(after.free_places).toBe(1000 - Number(booked.places));
    // Every order is whole: each has its booking. Each acknowledged one has its payment; the provider is called
    // after the order's transaction (decision record 0002), so an order the kill caught before its payment was
    // recorded has none: never acknowledged, it waits for payment and its hold's end releases its places.
    const withoutBooking = await db.kysely
      .selectFrom('shop_order')
      .leftJoin('course_booking', 'course_booking.order_id', 'shop_order.id')
      .select('shop_order.increment_id')
      .where('course_booking.id', 'is', null)
      .execute();
    expect(withoutBooking).toEqual([]);
    const withoutPayment = await db.kysely
      .selectFrom('shop_order')
      .leftJoin('payment', 'payment.order_id', 'shop_order.id')
      .select(['shop_order.increment_id', 'shop_order.status', 'shop_order.hold_expires_at'])
      .where('payment.id', 'is', null)
      .execute();
    for (const unpaid of withoutPayment) {
      expect(acknowledged, `order ${unpaid.increment_id} has no payment`).not.toContain(unpaid.increment_id);
      expect(unpaid).toMatchObject({ status: 'payment_pending', hold_expires_at: expect.any(String) });
    }
    // And the restarted API takes orders again.
    expect(
      (
        await fetch(`${api.url}/api/cart/submit`, {
          method: 'POST',
          headers: asClient(0),
          body: JSON.stringify(order(course, 0)),
        })
      ).status,
    ).toBe(200);
  } finally {
    api.child.kill('SIGKILL');
    await db.close();
  }
}

describe('SIGKILL in the middle of a stream of submits', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('[sqlite] keeps every acknowledged order, and free places match the bookings', { timeout: 120_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'shop-crash-')), 'shop.sqlite');
    await crashRun({ DATABASE_FILE: file }, () => createDatabase({ dialect: 'sqlite', file }));
  });

  const adminUrl = inject('pgAdminUrl');
  it.skipIf(!adminUrl)(
    '[postgres] keeps every acknowledged order, and free places match the bookings',
    { timeout: 120_000 },
    async () => {
      const name = `shop_crash_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: adminUrl! });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl! });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      });
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      await crashRun({ DATABASE_URL: url.toString() }, () =>
        createDatabase({ dialect: 'postgres', url: url.toString() }),
      );
    },
  );
});
