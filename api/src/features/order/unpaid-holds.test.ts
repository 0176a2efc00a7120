import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, movableClock, newEmail, type Reply } from '../customer/test-support.ts';
import { choose, courseOrder, freePlaces, insertCourse, orderCount, participant, paymentOf } from './test-support.ts';
import { unpaidHoldsPerClient } from './unpaid-holds.ts';

const clock = movableClock();
const holdSeconds = 1800;

/**
 * One client may keep only so many unpaid orders, each holding places, at once (docs/product-rules.md#limits,
 * docs/product-rules.md#payment-holds): without the cap, one machine could hold every place of a course
 * without paying, a new submit every few seconds, the holds renewing before they end.
 */
describeEachDatabase(
  'cap on unpaid holds per client',
  (ctx) => {
    beforeEach(() => clock.reset());

    const expectCapped = (reply: Reply) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(reply.body.error.message).toMatch(/^Too many attempts; retry in \d+ seconds$/);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(holdSeconds);
    };

    it(`takes ${unpaidHoldsPerClient} unpaid orders from one client, then 429 and nothing held; other clients go on`, async () => {
      const course = await insertCourse(ctx, { free: 10 });
      const c = client(ctx);
      for (let i = 0; i < unpaidHoldsPerClient; i++) {
        const reply = await c.post('/api/cart/submit', courseOrder(course, 2, { emailAddress: newEmail('halter') }));
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      expect(await freePlaces(ctx, course.id)).toBe(10 - 2 * unpaidHoldsPerClient);
      const orders = await orderCount(ctx);

      // Whatever address the next order names.
      expectCapped(await c.post('/api/cart/submit', courseOrder(course, 2, { emailAddress: newEmail('halter') })));
      expect(await orderCount(ctx)).toBe(orders);
      expect(await freePlaces(ctx, course.id)).toBe(10 - 2 * unpaidHoldsPerClient);

      expect(
        (await client(ctx).post('/api/cart/submit', courseOrder(course, 2, { emailAddress: newEmail('andere') })))
          .status,
      ).toBe(200);
    });

    it('a family booking is one order: five places in each of two courses pass', async () => {
      const first = await insertCourse(ctx, { free: 5, priceCents: 10000 });
      const second = await insertCourse(ctx, { free: 5, priceCents: 20000 });
      const places = Array.from({ length: 5 }, (_, i) => participant(i + 1));
      const family = {
        ...courseOrder(first, 5, { emailAddress: newEmail('familie') }),
        courses: [first, second].map((course) => ({
          courseId: course.id,
          courseType: course.type,
          quantity: 5,
          participants: places,
        })),
        expectedTotalPrice: (5 * 10000 + 5 * 20000) / 100,
      };
      const reply = await client(ctx).post('/api/cart/submit', family);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(await freePlaces(ctx, first.id)).toBe(0);
      expect(await freePlaces(ctx, second.id)).toBe(0);
    });

    it('counts only holds still running: a paid order and an ended hold free their slot', async () => {
      const course = await insertCourse(ctx, { free: 10 });
      const c = client(ctx);
      const numbers: string[] = [];
      for (let i = 0; i < unpaidHoldsPerClient; i++) {
        const reply = await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('zahler') }));
        expect(reply.status).toBe(200);
        numbers.push(reply.body.result.incrementId);
      }
      expectCapped(await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('zahler') })));

      const paid = await ctx.db.kysely
        .selectFrom('shop_order')
        .select('id')
        .where('increment_id', '=', numbers[0]!)
        .executeTakeFirstOrThrow();
      await choose(ctx, (await paymentOf(ctx, paid.id)).transaction_id!, 'paid');
      expect(
        (await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('zahler') }))).status,
      ).toBe(200);
      expectCapped(await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('zahler') })));

      clock.advance(holdSeconds * 1000 + 1000);
      expect(
        (await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('zahler') }))).status,
      ).toBe(200);
      // The rows of ended holds are gone: no client address stays with an order.
      const kept = await ctx.db.kysely.selectFrom('order_hold_client').select('hold_expires_at').execute();
      expect(kept.every((row) => Date.parse(row.hold_expires_at) > clock.now().getTime())).toBe(true);
    });

    it("development spares the API's own machine, but not a request forwarded from elsewhere", async () => {
      const course = await insertCourse(ctx, { free: 10 });
      const submitFrom = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/cart/submit',
          remoteAddress: '127.0.0.1',
          headers,
          payload: courseOrder(course, 1, { emailAddress: newEmail('lokal') }),
        });
      for (let i = 0; i < unpaidHoldsPerClient + 1; i++) expect((await submitFrom({})).statusCode).toBe(200);
      const forwarded = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < unpaidHoldsPerClient; i++) expect((await submitFrom(forwarded)).statusCode).toBe(200);
      expect((await submitFrom(forwarded)).statusCode).toBe(429);
    });

    it('free orders hold nothing and are not capped', async () => {
      const course = await insertCourse(ctx, { free: 10, priceCents: 0 });
      const c = client(ctx);
      for (let i = 0; i < unpaidHoldsPerClient + 2; i++)
        expect(
          (await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('frei') }))).status,
        ).toBe(200);
    });
  },
  {
    app: {
      passwordHashing: cheapHashing,
      shopUrl: 'https://shop.test',
      now: clock.now,
      paymentHoldSeconds: holdSeconds,
    },
  },
);
