import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  cheapHashing,
  client,
  mailsTo,
  newEmail,
  settle,
  verifiedCustomer,
  type Reply,
} from '../customer/test-support.ts';
import { submitRateLimits } from './rate-limits.ts';
import { courseOrder, insertCourse, orderCount } from './test-support.ts';

/** Every submit mails the order's address and holds places: limited per client and per address of the order. */
describeEachDatabase(
  'rate limits on POST /cart/submit',
  (ctx) => {
    const { perClient, perAddress } = submitRateLimits;
    /** A course with places enough for every order of a test. */
    const roomyCourse = async (priceCents?: number) => {
      const course = await insertCourse(ctx, { priceCents });
      await ctx.db.kysely
        .updateTable('course')
        .set({ free_places: 1000, max_participants: 1000 })
        .where('id', '=', course.id)
        .execute();
      return course;
    };
    const expectLimited = (reply: Reply, windowMs: number) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    };

    it(`takes ${perAddress.max} orders per guest address and hour from any clients; then 429, no order and no mail`, async () => {
      // Free orders: they hold nothing, so the cap on the places one inbox holds unpaid (unpaid-holds.test.ts) is
      // not what stops them.
      const course = await roomyCourse(0);
      const emailAddress = newEmail('gast');
      for (let i = 0; i < perAddress.max; i++) {
        expect((await client(ctx).post('/api/cart/submit', courseOrder(course, 1, { emailAddress }))).status).toBe(200);
      }
      const orders = await orderCount(ctx);
      expectLimited(
        await client(ctx).post('/api/cart/submit', courseOrder(course, 1, { emailAddress })),
        perAddress.timeWindowMs,
      );
      expect(await orderCount(ctx)).toBe(orders);
      // The same address in another case is the same address.
      expectLimited(
        await client(ctx).post(
          '/api/cart/submit',
          courseOrder(course, 1, { emailAddress: emailAddress.toUpperCase() }),
        ),
        perAddress.timeWindowMs,
      );
      // And so is a +tag alias of it: one inbox.
      expectLimited(
        await client(ctx).post(
          '/api/cart/submit',
          courseOrder(course, 1, { emailAddress: emailAddress.replace('@', '+alias@') }),
        ),
        perAddress.timeWindowMs,
      );
      expect(
        (await client(ctx).post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('gast') }))).status,
      ).toBe(200);
    });

    it("counts a customer's orders under the account's address, whatever emailAddress the body names", async () => {
      // Free orders, as above.
      const course = await roomyCourse(0);
      const c = client(ctx);
      const customer = await verifiedCustomer(ctx, c);
      for (let i = 0; i < perAddress.max; i++) {
        const reply = await client(ctx).post(
          '/api/cart/submit',
          courseOrder(course, 1, { emailAddress: newEmail('anders') }),
          customer.token,
        );
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      expectLimited(
        await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('anders') }), customer.token),
        perAddress.timeWindowMs,
      );
      // And a guest order to that address waits as well.
      expectLimited(
        await client(ctx).post('/api/cart/submit', courseOrder(course, 1, { emailAddress: customer.email })),
        perAddress.timeWindowMs,
      );
    });

    it(
      `takes ${perClient.max} orders per client and hour over any addresses; then 429 before anything is read`,
      { timeout: 60_000 },
      async () => {
        // Free orders: paid at once, they hold nothing, so the cap on unpaid holds (unpaid-holds.test.ts) is not
        // what stops them.
        const course = await roomyCourse(0);
        const c = client(ctx);
        for (let i = 0; i < perClient.max; i++) {
          expect(
            (await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('viele') }))).status,
          ).toBe(200);
        }
        const target = newEmail('opfer');
        ctx.queries.length = 0;
        expectLimited(
          await c.post('/api/cart/submit', courseOrder(course, 1, { emailAddress: target })),
          perClient.timeWindowMs,
        );
        expect(ctx.queries).toHaveLength(1);
        await settle();
        expect(await mailsTo(ctx, target)).toEqual([]);
      },
    );
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
