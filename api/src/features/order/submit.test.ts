import { CourseType } from '@shop/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import {
  cheapHashing,
  client,
  mailsTo,
  newEmail,
  settle,
  verifiedCustomer,
  type Client,
} from '../customer/test-support.ts';
import { courseOrder, freePlaces, insertCourse, orderByNumber, orderCount, paymentOf } from './test-support.ts';

describeEachDatabase(
  'POST /cart/submit',
  (ctx) => {
    let guest: Client;
    beforeAll(() => {
      guest = client(ctx);
    });
    // A client of its own per submit: one client may keep only a few unpaid orders open (unpaid-holds.test.ts).
    const submit = (body: unknown, token?: string | null, c: Client = client(ctx)) =>
      c.post('/api/cart/submit', body, token);

    it('creates a guest order: sequential number, one participant per place, places taken, a pending sandbox payment', async () => {
      const course = await insertCourse(ctx, { free: 5 });
      const first = await submit(courseOrder(course, 2, { comment: 'Bitte Rechnung per Post' }));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await submit(courseOrder(course, 1));
      expect(Number(second.body.result.incrementId)).toBe(Number(first.body.result.incrementId) + 1);
      expect(first.body.result.paymentLink).toMatch(/\/api\/payments\/sandbox\/sbx_[0-9a-f]{24}$/);
      expect(await freePlaces(ctx, course.id)).toBe(2);

      const order = await orderByNumber(ctx, first.body.result.incrementId);
      expect(order).toMatchObject({
        status: 'payment_pending',
        email: 'gast@example.org',
        customer_id: null,
        total_price_cents: 57800,
        comment: 'Bitte Rechnung per Post',
        timezone: 'Europe/Berlin',
      });
      const booking = await ctx.db.kysely
        .selectFrom('course_booking')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(booking).toMatchObject({ course_id: course.id, quantity: 2, total_price_cents: 57800 });
      const participants = await ctx.db.kysely
        .selectFrom('course_booking_participant')
        .select(['firstname', 'email'])
        .where('course_booking_id', '=', booking.id)
        .orderBy('id')
        .execute();
      expect(participants).toEqual([
        { firstname: 'Teil1', email: 'teil1@example.org' },
        { firstname: 'Teil2', email: 'teil2@example.org' },
      ]);
      expect(await paymentOf(ctx, order.id)).toMatchObject({
        provider: 'sandbox',
        method: 'creditcard',
        status: 'pending',
        amount_cents: 57800,
      });
    });

    it('requires a payment method exactly when the total is above 0, and changes nothing without one', async () => {
      const course = await insertCourse(ctx, { free: 3 });
      const before = await orderCount(ctx);
      const missing = await submit(courseOrder(course, 1, { selectedPaymentMethod: undefined }));
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('PAYMENT_METHOD_REQUIRED');
      const unoffered = await submit(courseOrder(course, 1, { selectedPaymentMethod: 'applepay' }));
      expect(unoffered.status).toBe(400);
      expect(await orderCount(ctx)).toBe(before);
      expect(await freePlaces(ctx, course.id)).toBe(3);
    });

    it('answers 409 with the adjustments when places changed since pricing, creating nothing', async () => {
      const course = await insertCourse(ctx, { free: 1 });
      const before = await orderCount(ctx);
      const reply = await submit(courseOrder(course, 2));
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error: { code: 'PLACES_CHANGED', message: expect.any(String) },
        quantityAdjustments: [
          {
            itemType: 'course',
            itemId: course.id,
            reason: 'NOT_ENOUGH_PLACES',
            adjustedQuantity: 1,
            requestedQuantity: 2,
          },
        ],
      });
      expect(await orderCount(ctx)).toBe(before);
      expect(await freePlaces(ctx, course.id)).toBe(1);
    });

    describe('rejects malformed and hostile requests, changing nothing', () => {
      const cases: [string, (course: { id: number; type: number }) => unknown, number][] = [
        [
          'a quantity as text',
          (c) =>
            courseOrder(c, 1, { courses: [{ courseId: c.id, courseType: c.type, quantity: '1', participants: [] }] }),
          400,
        ],
        [
          'a negative quantity',
          (c) =>
            courseOrder(c, 1, { courses: [{ courseId: c.id, courseType: c.type, quantity: -1, participants: [] }] }),
          400,
        ],
        [
          'a huge quantity',
          (c) =>
            courseOrder(c, 1, { courses: [{ courseId: c.id, courseType: c.type, quantity: 1e9, participants: [] }] }),
          400,
        ],
        ['an unknown course', (c) => courseOrder({ id: 999_999, type: c.type }), 400],
        ['a course under another type', (c) => courseOrder({ id: c.id, type: CourseType.conversationHours }), 400],
        ['a price sent by the client', (c) => ({ ...courseOrder(c), totalPrice: 0 }), 400],
        [
          'a price inside a position',
          (c) =>
            courseOrder(c, 1, {
              courses: [{ courseId: c.id, courseType: c.type, quantity: 1, unitPrice: 1, participants: [] }],
            }),
          400,
        ],
        ['another customer named', (c) => ({ ...courseOrder(c), customerId: 1 }), 400],
        [
          'fewer participants than places',
          (c) =>
            courseOrder(c, 2, { courses: [{ courseId: c.id, courseType: c.type, quantity: 2, participants: [] }] }),
          400,
        ],
        [
          'a participant without e-mail',
          (c) =>
            courseOrder(c, 1, {
              courses: [
                {
                  courseId: c.id,
                  courseType: c.type,
                  quantity: 1,
                  participants: [{ firstname: 'A', lastname: 'B', email: '' }],
                },
              ],
            }),
          400,
        ],
        ['a guest without e-mail', (c) => courseOrder(c, 1, { emailAddress: undefined }), 400],
        ['a notes text over 300 characters', (c) => courseOrder(c, 1, { comment: 'x'.repeat(301) }), 400],
        [
          'a billing address without street',
          (c) =>
            courseOrder(c, 1, {
              billingAddress: { firstname: 'A', lastname: 'B', addressLine1: '', city: 'X', zip: '1', country: 'DE' },
            }),
          400,
        ],
        [
          'a course listed twice',
          (c) => ({ ...courseOrder(c), courses: [...courseOrder(c).courses, ...courseOrder(c).courses] }),
          400,
        ],
      ];
      it.each(cases)('%s', async (_, body, status) => {
        const course = await insertCourse(ctx, { free: 4 });
        const before = await orderCount(ctx);
        const reply = await submit(body(course));
        expect(reply.status, JSON.stringify(reply.body)).toBe(status);
        expect(await orderCount(ctx)).toBe(before);
        expect(await freePlaces(ctx, course.id)).toBe(4);
      });

      it('names the field of each rule the request breaks, in one answer', async () => {
        const course = await insertCourse(ctx, { free: 4 });
        const fewer = courseOrder(course, 2, {
          courses: [{ courseId: course.id, courseType: course.type, quantity: 2, participants: [] }],
        });
        const reply = await submit({
          ...fewer,
          products: [
            { productId: 1, quantity: 1 },
            { productId: 1, quantity: 1 },
          ],
        });
        expect(reply.status).toBe(400);
        expect(reply.body.error.fields).toEqual({
          'courses.0.participants': 'participant_count',
          'products.1.productId': 'Listed twice',
        });
        const guest = await submit(courseOrder(course, 1, { emailAddress: undefined }));
        expect(guest.body.error.fields).toEqual({ emailAddress: 'required' });
      });

      it('an order of nothing is a 400 naming the positions: no order, no "paid" confirmation mail', async () => {
        const victim = newEmail('opfer');
        const before = await orderCount(ctx);
        for (const empty of [
          {},
          { courses: [], products: [], packages: [] },
          { courses: [], discountCodes: ['WILLKOMMEN10'] },
        ]) {
          const reply = await submit({
            ...courseOrder({ id: 1, type: 1 }, 1, { emailAddress: victim, comment: 'https://example.org/spam' }),
            courses: undefined,
            ...empty,
          });
          expect(reply.status, JSON.stringify(reply.body)).toBe(400);
          expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { courses: 'no_positions' } });
        }
        expect(await orderCount(ctx)).toBe(before);
        await settle();
        expect(await mailsTo(ctx, victim)).toEqual([]);
      });

      it('a guest cannot spend balances: conversation hours cost money without a token', async () => {
        const course = await insertCourse(ctx, { type: CourseType.conversationHours, free: 4, priceCents: 2500 });
        const reply = await submit(courseOrder(course, 1, { selectedPaymentMethod: undefined }));
        expect(reply.status).toBe(400);
        expect(reply.body.error.code).toBe('PAYMENT_METHOD_REQUIRED');
      });
    });

    describe('a customer', () => {
      let customer: { email: string; token: string };
      beforeAll(async () => {
        customer = await verifiedCustomer(ctx, guest);
      });

      it('books with credits for 0 €: paid at once, no payment, credits spent, confirmation sent', async () => {
        const me = await ctx.db.kysely
          .selectFrom('customer')
          .select('id')
          .where('email', '=', customer.email)
          .executeTakeFirstOrThrow();
        await ctx.db.kysely
          .insertInto('customer_balance')
          .values({
            customer_id: me.id,
            type_id: CourseType.conversationHours,
            balance: 2,
            valid_from: '2026-01-01T00:00:00.000Z',
            valid_until: '2027-01-01T00:00:00.000Z',
            order_id: null,
          })
          .execute();
        const course = await insertCourse(ctx, { type: CourseType.conversationHours, free: 4, priceCents: 2500 });
        const reply = await submit(
          courseOrder(course, 1, {
            selectedPaymentMethod: undefined,
            emailAddress: 'ignored@example.org',
            expectedTotalPrice: 0,
          }),
          customer.token,
        );
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(reply.body.result.paymentLink).toBeNull();
        const order = await orderByNumber(ctx, reply.body.result.incrementId);
        expect(order).toMatchObject({
          status: 'paid',
          total_price_cents: 0,
          customer_id: me.id,
          email: customer.email,
        });
        expect(
          await ctx.db.kysely.selectFrom('payment').select('id').where('order_id', '=', order.id).execute(),
        ).toEqual([]);
        const balances = await guest.get('/api/customer/me/balances', customer.token);
        expect(balances.body.result).toContainEqual({ typeId: CourseType.conversationHours, balance: 1 });
        const [mail] = await mailsTo(ctx, customer.email, { atLeast: 2 });
        expect(mail!.subject).toBe(`Ihre Bestellung ${order.increment_id}`);
      });

      it('sees the order in GET /customer/me/orders with its payment link while pending', async () => {
        const course = await insertCourse(ctx, { free: 2 });
        const reply = await submit(courseOrder(course, 1), customer.token);
        const orders = await guest.get('/api/customer/me/orders?limit=20', customer.token);
        const listed = orders.body.result.find(
          (o: { incrementId: string }) => o.incrementId === reply.body.result.incrementId,
        );
        expect(listed).toMatchObject({
          status: 'payment_pending',
          payments: [{ status: 'pending', paymentLink: reply.body.result.paymentLink }],
        });
        expect(listed.courseBookings[0].participants).toHaveLength(1);
      });
    });

    it('applies and redeems a discount code once per order', async () => {
      const course = await insertCourse(ctx, { free: 3 });
      const reply = await submit(courseOrder(course, 1, { discountCodes: ['sommer25'], expectedTotalPrice: 264 }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      expect(order.total_price_cents).toBe(28900 - 2500);
      const usages = await ctx.db.kysely
        .selectFrom('discount_code_usage')
        .select('order_id')
        .where('order_id', '=', order.id)
        .execute();
      expect(usages).toHaveLength(1);
      await settle();
    });

    it('serves the confirmation preview with sample data, as JSON and as a page', async () => {
      const preview = await guest.get('/api/orders/confirmation-preview?locale=en');
      expect(preview.body.result.subject).toBe('Your order 100042');
      const page = await ctx.app.inject({ method: 'GET', url: '/api/orders/confirmation-preview/html?locale=es' });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="es">');
      expect((await guest.get('/api/orders/confirmation-preview?locale=fr')).status).toBe(400);
    });

    it('50 concurrent submits for 5 free places book exactly 5, the rest get 409 and nothing else', async () => {
      const course = await insertCourse(ctx, { free: 5 });
      const before = await orderCount(ctx);
      // Fifty buyers, each from their own client and address (one address has its own submit limit).
      const replies = await Promise.all(
        Array.from({ length: 50 }, () =>
          client(ctx).post('/api/cart/submit', courseOrder(course, 1, { emailAddress: newEmail('kaeufer') })),
        ),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(45);
      expect(await freePlaces(ctx, course.id)).toBe(0);
      expect(await orderCount(ctx)).toBe(before + 5);
      const booked = await ctx.db.kysely
        .selectFrom('course_booking')
        .innerJoin('shop_order', 'shop_order.id', 'course_booking.order_id')
        .select(['shop_order.increment_id'])
        .where('course_booking.course_id', '=', course.id)
        .execute();
      expect(booked.map((b) => b.increment_id).sort()).toEqual(
        replies
          .filter((r) => r.status === 200)
          .map((r) => r.body.result.incrementId)
          .sort(),
      );
      for (const reply of replies.filter((r) => r.status === 409))
        expect(reply.body.quantityAdjustments[0]).toMatchObject({ itemId: course.id, reason: 'COURSE_FULLY_BOOKED' });
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
