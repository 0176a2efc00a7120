import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, movableClock, newEmail, type Reply } from '../customer/test-support.ts';
import { choose, courseOrder, freePlaces, insertCourse, orderCount, participant, paymentOf } from './test-support.ts';
import { defaultUnpaidHoldPlaces, unpaidHoldsPerClient } from './unpaid-holds.ts';

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

    const expectPlacesCapped = (reply: Reply, held: number) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(reply.body.error.code).toBe('UNPAID_PLACES_LIMIT');
      expect(reply.body.meta.message).toContain(`${held} Plätze`);
      expect(reply.body.meta.message).toContain('bezahlen Sie zuerst Ihre offene Bestellung');
      expect(reply.body.meta.message).toContain('Gruppenbuchung');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(holdSeconds);
    };

    /** An order of `quantity` places in each of `courses`, to be paid, for `emailAddress`. */
    const placesOrder = (
      courses: { id: number; type: number; priceCents: number }[],
      quantity: number,
      over: Record<string, unknown> = {},
    ) => ({
      ...courseOrder(courses[0]!, quantity, over),
      courses: courses.map((course) => ({
        courseId: course.id,
        courseType: course.type,
        quantity,
        participants: Array.from({ length: quantity }, (_, i) => participant(i + 1)),
      })),
      expectedTotalPrice: courses.reduce((total, course) => total + course.priceCents * quantity, 0) / 100,
    });

    it(`one client holds at most ${defaultUnpaidHoldPlaces} unpaid places across its orders, then 429 with what to do`, async () => {
      const [a, b, c] = [
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
      ];
      const buyer = client(ctx);
      expect(
        (await buyer.post('/api/cart/submit', placesOrder([a!], 5, { emailAddress: newEmail('hort') }))).status,
      ).toBe(200);
      expect(
        (await buyer.post('/api/cart/submit', placesOrder([b!], 4, { emailAddress: newEmail('hort') }))).status,
      ).toBe(200);
      const orders = await orderCount(ctx);

      // One more place fits; two do not, whatever address the order names.
      expectPlacesCapped(
        await buyer.post('/api/cart/submit', placesOrder([c!], 2, { emailAddress: newEmail('hort') })),
        9,
      );
      expect(await orderCount(ctx)).toBe(orders);
      expect(await freePlaces(ctx, c!.id)).toBe(10);
      expect(
        (await buyer.post('/api/cart/submit', placesOrder([c!], 1, { emailAddress: newEmail('hort') }))).status,
      ).toBe(200);

      // Another client is not held up by this one.
      expect(
        (await client(ctx).post('/api/cart/submit', placesOrder([c!], 5, { emailAddress: newEmail('andere') }))).status,
      ).toBe(200);
    });

    it('one inbox holds at most the cap from any number of clients, its +tag and dot aliases folded', async () => {
      const [a, b] = [await insertCourse(ctx, { free: 10 }), await insertCourse(ctx, { free: 10 })];
      const local = `anna${Date.now()}`;
      const first = await client(ctx).post(
        '/api/cart/submit',
        placesOrder([a!], 5, { emailAddress: `${local}+kurs1@gmail.com` }),
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await client(ctx).post(
        '/api/cart/submit',
        placesOrder([b!], 4, { emailAddress: `${local.slice(0, 2)}.${local.slice(2)}+x@googlemail.com` }),
      );
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const orders = await orderCount(ctx);
      expectPlacesCapped(
        await client(ctx).post(
          '/api/cart/submit',
          placesOrder([a!], 2, { emailAddress: `${local.toUpperCase()}@Gmail.com` }),
        ),
        9,
      );
      expect(await orderCount(ctx)).toBe(orders);
      // A customer whose account has that inbox is counted with it too; another inbox is not.
      expect(
        (await client(ctx).post('/api/cart/submit', placesOrder([a!], 2, { emailAddress: `${local}@example.org` })))
          .status,
      ).toBe(200);
    });

    it('an order alone over the cap gets 422 saying to order fewer or book the group with the school', async () => {
      const courses = [
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
      ];
      const orders = await orderCount(ctx);
      for (const [locale, text] of [
        ['de', 'Gruppenbuchung'],
        ['en', 'group booking'],
        ['es', 'reserva de grupo'],
      ] as const) {
        const reply = await client(ctx).post(
          '/api/cart/submit',
          placesOrder(courses, 4, { emailAddress: newEmail('gruppe'), locale }),
        );
        expect(reply.status, JSON.stringify(reply.body)).toBe(422);
        expect(reply.body.error.code).toBe('UNPAID_PLACES_LIMIT');
        expect(reply.body.meta.message).toContain(text);
        expect(reply.body.meta.message).toContain(String(defaultUnpaidHoldPlaces));
        expect(reply.headers['retry-after']).toBeUndefined();
      }
      expect(await orderCount(ctx)).toBe(orders);
      for (const course of courses) expect(await freePlaces(ctx, course.id)).toBe(10);
    });

    it('the refusal speaks the order language', async () => {
      const [course, other] = [await insertCourse(ctx, { free: 10 }), await insertCourse(ctx, { free: 10 })];
      const email = newEmail('sprache');
      expect(
        (await client(ctx).post('/api/cart/submit', placesOrder([course!], 5, { emailAddress: email }))).status,
      ).toBe(200);
      expect(
        (await client(ctx).post('/api/cart/submit', placesOrder([course!], 5, { emailAddress: email }))).status,
      ).toBe(200);
      const en = await client(ctx).post(
        '/api/cart/submit',
        placesOrder([other!], 1, { emailAddress: email, locale: 'en' }),
      );
      expect(en.status).toBe(429);
      expect(en.body.meta.message).toMatch(
        /^You already have 10 places reserved in orders that are not paid yet.*pay your open order first.*contact the language school/,
      );
      const es = await client(ctx).post(
        '/api/cart/submit',
        placesOrder([other!], 1, { emailAddress: email, locale: 'es' }),
      );
      expect(es.status).toBe(429);
      expect(es.body.meta.message).toMatch(
        /^Ya tienes 10 plazas reservadas.*Paga primero tu pedido pendiente.*escuela de idiomas/,
      );
    });

    it('paying an order or the end of its hold frees its places at once, before any sweep', async () => {
      const [a, b, c] = [
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
        await insertCourse(ctx, { free: 10 }),
      ];
      const email = newEmail('frei');
      const buyer = client(ctx);
      const first = await buyer.post('/api/cart/submit', placesOrder([a!], 5, { emailAddress: email }));
      expect(first.status).toBe(200);
      clock.advance(60_000);
      expect((await buyer.post('/api/cart/submit', placesOrder([b!], 5, { emailAddress: email }))).status).toBe(200);
      expectPlacesCapped(await buyer.post('/api/cart/submit', placesOrder([c!], 1, { emailAddress: email })), 10);

      const paid = await ctx.db.kysely
        .selectFrom('shop_order')
        .select('id')
        .where('increment_id', '=', first.body.result.incrementId)
        .executeTakeFirstOrThrow();
      await choose(ctx, (await paymentOf(ctx, paid.id)).transaction_id!, 'paid');
      expect((await buyer.post('/api/cart/submit', placesOrder([c!], 5, { emailAddress: email }))).status).toBe(200);
      expectPlacesCapped(await buyer.post('/api/cart/submit', placesOrder([c!], 1, { emailAddress: email })), 10);

      // The holds of the two unpaid orders end: their whole share is free at once, though no sweep has run yet (the
      // orders still read payment_pending and their places are still taken).
      clock.advance(holdSeconds * 1000);
      expect((await buyer.post('/api/cart/submit', placesOrder([a!, c!], 5, { emailAddress: email }))).status).toBe(
        200,
      );
    });

    it('parallel submits from one client and for one inbox never hold more than the cap together', async () => {
      const courses = await Promise.all(Array.from({ length: 6 }, () => insertCourse(ctx, { free: 10 })));
      const buyer = client(ctx);
      const fromOneClient = await Promise.all(
        courses.map((course) =>
          buyer.post('/api/cart/submit', placesOrder([course], 4, { emailAddress: newEmail('parallel') })),
        ),
      );
      expect(fromOneClient.map((reply) => reply.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);

      const email = newEmail('postfach');
      const forOneInbox = await Promise.all(
        courses.map((course) =>
          client(ctx).post('/api/cart/submit', placesOrder([course], 4, { emailAddress: email })),
        ),
      );
      expect(forOneInbox.map((reply) => reply.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
      const held = await ctx.db.kysely
        .selectFrom('order_hold_client')
        .select((eb) => eb.fn.sum<number | string>('places').as('places'))
        .where('inbox', '=', email)
        .executeTakeFirstOrThrow();
      expect(Number(held.places)).toBe(8);
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
