import { CourseType } from '@shop/shared/contract';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';
import { describeEachDatabase, testNow, testToday, type TestContext } from '../../test/databases.ts';
import { cheapHashing, client, verifiedCustomer, type Client } from '../customer/test-support.ts';

/** Courses made for these tests, so each adjustment reason has exactly one cause. */
const fixtureCourses = {
  open: { type: CourseType.fullCourse, price: 28900, discounted: null, free: 5, deadline: addDays(testToday, 10) },
  discounted: {
    type: CourseType.fullCourse,
    price: 31900,
    discounted: 28900,
    free: 8,
    deadline: addDays(testToday, 10),
  },
  deadlinePassed: {
    type: CourseType.fullCourse,
    price: 28900,
    discounted: null,
    free: 5,
    deadline: addDays(testToday, -1),
  },
  deadlineToday: { type: CourseType.fullCourse, price: 28900, discounted: null, free: 5, deadline: testToday },
  full: { type: CourseType.fullCourse, price: 28900, discounted: null, free: 0, deadline: addDays(testToday, 10) },
  twoPlaces: { type: CourseType.fullCourse, price: 28900, discounted: null, free: 2, deadline: addDays(testToday, 10) },
  conversation: {
    type: CourseType.conversationHours,
    price: 2500,
    discounted: null,
    free: 6,
    deadline: addDays(testToday, 5),
  },
  conversation2: {
    type: CourseType.conversationHours,
    price: 2500,
    discounted: null,
    free: 6,
    deadline: addDays(testToday, 5),
  },
  flexibleOneLeft: {
    type: CourseType.flexibleAppointment,
    price: 6900,
    discounted: null,
    free: 1,
    deadline: addDays(testToday, 5),
  },
  flexible: {
    type: CourseType.flexibleAppointment,
    price: 6900,
    discounted: null,
    free: 6,
    deadline: addDays(testToday, 5),
  },
} as const;
type FixtureName = keyof typeof fixtureCourses;

async function insertCourses(ctx: TestContext): Promise<Record<FixtureName, number>> {
  const ids = {} as Record<FixtureName, number>;
  for (const [name, c] of Object.entries(fixtureCourses) as [FixtureName, (typeof fixtureCourses)[FixtureName]][]) {
    const row: Insertable<Database['course']> = {
      type: c.type,
      identifier: `TEST-${name}`,
      start_date: addDays(testToday, 20),
      start_time: '18:00',
      end_date: addDays(testToday, 20),
      end_time: '19:00',
      registration_deadline: c.deadline,
      max_participants: 10,
      free_places: c.free,
      price_cents: c.price,
      discounted_price_cents: c.discounted,
      flexible_learning_course_id: null,
    };
    ids[name] = (await ctx.db.kysely.insertInto('course').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }
  return ids;
}

/** Codes besides the seeded demo ones, one per outcome the demo codes do not show. */
async function insertCodes(ctx: TestContext) {
  await ctx.db.kysely
    .insertInto('discount_code')
    .values([
      { code: 'AUFGEBRAUCHT', percent_off: 5, usage_limit: 1 },
      { code: 'NURPRODUKTE', amount_off_cents: 1000, item_types: 'product' },
      { code: 'BALD', percent_off: 5, valid_from: new Date(testNow.getTime() + 86_400_000).toISOString() },
      { code: 'FUENFZIG', amount_off_cents: 5000 },
      { code: 'EINMALPROKUNDE', percent_off: 20, usage_limit_per_customer: 1 },
    ])
    .execute();
  const used = await ctx.db.kysely
    .selectFrom('discount_code')
    .select('id')
    .where('code', '=', 'AUFGEBRAUCHT')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .insertInto('discount_code_usage')
    .values({ discount_code_id: used.id, customer_id: null, order_id: null, used_at: testNow.toISOString() })
    .execute();
}

const body = (over: Record<string, unknown> = {}) => ({
  courses: [],
  products: [],
  packages: [],
  discountCodes: [],
  locale: 'de',
  applePayAvailable: false,
  ...over,
});

describeEachDatabase(
  'cart price calculation',
  (ctx) => {
    let ids: Record<FixtureName, number>;
    let guest: Client;
    let productId: number;
    let productCents: number;
    beforeAll(async () => {
      ids = await insertCourses(ctx);
      await insertCodes(ctx);
      guest = client(ctx);
      const product = await ctx.db.kysely
        .selectFrom('product')
        .select(['id', 'price_cents', 'discounted_price_cents'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      productId = product.id;
      productCents = product.discounted_price_cents ?? product.price_cents;
    });
    const course = (name: FixtureName, quantity = 1) => ({
      courseId: ids[name],
      courseType: fixtureCourses[name].type,
      quantity,
    });
    const price = async (request: Record<string, unknown>, token?: string | null, c = guest) => {
      const reply = await c.post('/api/cart/calculate-price', body(request), token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.result;
    };

    describe('prices from the database', () => {
      it('prices courses (discounted price when there is one), products and packages in cents, rounded once', async () => {
        const result = await price({
          courses: [course('open', 2), course('discounted')],
          products: [{ productId, quantity: 1 }],
          packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
        });
        expect(result.items).toEqual([
          {
            itemType: 'course',
            courseId: ids.open,
            appliedCredits: 0,
            discountCodes: [],
            quantity: 2,
            unitPrice: 289,
            finalPrice: 578,
            discountAmount: 0,
          },
          {
            itemType: 'course',
            courseId: ids.discounted,
            appliedCredits: 0,
            discountCodes: [],
            quantity: 1,
            unitPrice: 289,
            finalPrice: 289,
            discountAmount: 0,
          },
          {
            itemType: 'product',
            courseId: null,
            productId,
            appliedCredits: 0,
            discountCodes: [],
            quantity: 1,
            unitPrice: productCents / 100,
            finalPrice: productCents / 100,
            discountAmount: 0,
          },
          {
            itemType: 'package',
            courseId: null,
            packageType: 'conversation_hours',
            amount: 5,
            appliedCredits: 0,
            discountCodes: [],
            quantity: 1,
            unitPrice: 115,
            finalPrice: 115,
            discountAmount: 0,
          },
        ]);
        expect(result.subtotal).toBe((57800 + 28900 + productCents + 11500) / 100);
        expect(result.totalPrice).toBe(result.subtotal);
        expect(result.discountCodesProvided).toEqual([]);
        expect(result.quantityAdjustments).toEqual([]);
      });

      it('reads free places fresh on every call (no cache)', async () => {
        const request = { courses: [course('twoPlaces', 2)] };
        expect((await price(request)).quantityAdjustments).toEqual([]);
        await ctx.db.kysely.updateTable('course').set({ free_places: 1 }).where('id', '=', ids.twoPlaces).execute();
        expect((await price(request)).quantityAdjustments).toHaveLength(1);
        await ctx.db.kysely.updateTable('course').set({ free_places: 2 }).where('id', '=', ids.twoPlaces).execute();
      });

      it('an empty cart costs nothing and offers no payment method', async () => {
        const result = await price({});
        expect(result).toMatchObject({ items: [], subtotal: 0, totalPrice: 0, paymentMethods: [] });
      });
    });

    describe('payment methods', () => {
      it('offers EPS, card, instant transfer and Klarna with a description and an SVG, in the request language', async () => {
        const result = await price({ courses: [course('open')], locale: 'en' });
        expect(result.paymentMethods.map((m: { id: string }) => m.id)).toEqual([
          'eps',
          'creditcard',
          'paybybank',
          'klarna',
        ]);
        expect(result.paymentMethods[0].description).toBe('EPS online banking');
        for (const method of result.paymentMethods)
          expect(method.image.svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
      });

      it('adds Apple Pay only when the browser has it', async () => {
        const result = await price({ courses: [course('open')], applePayAvailable: true });
        expect(result.paymentMethods.map((m: { id: string }) => m.id)).toEqual([
          'eps',
          'creditcard',
          'paybybank',
          'klarna',
          'applepay',
        ]);
      });

      it('names the instant transfer Pay by Bank, never SOFORT (switched off in 2025), in every language', async () => {
        for (const locale of ['de', 'en', 'es']) {
          const result = await price({ courses: [course('open')], locale });
          const instant = result.paymentMethods.find((m: { id: string }) => m.id === 'paybybank');
          expect(instant.description).toContain('Pay by Bank');
          for (const method of result.paymentMethods)
            expect(`${method.description} ${method.image.svg}`).not.toMatch(/sofort/i);
        }
      });
    });

    describe('discount codes', () => {
      const codeOutcome = async (
        code: string,
        request: Record<string, unknown> = { courses: [course('open')] },
        locale = 'de',
      ) => {
        const result = await price({ ...request, discountCodes: [code], locale });
        expect(result.discountCodesProvided).toHaveLength(1);
        return { provided: result.discountCodesProvided[0], result };
      };

      it('WILLKOMMEN10 takes 10 % of everything; the code is trimmed and upper-cased', async () => {
        const { provided, result } = await codeOutcome('  willkommen10 ', {
          courses: [course('open')],
          products: [{ productId, quantity: 1 }],
        });
        const subtotal = 28900 + productCents;
        const discount = Math.round(subtotal * 0.1);
        expect(provided).toEqual({
          code: 'WILLKOMMEN10',
          status: 'valid',
          totalDiscountAmount: discount / 100,
          errorMessage: null,
        });
        expect(result.discountsApplied).toEqual([{ code: 'WILLKOMMEN10', totalDiscountAmount: discount / 100 }]);
        expect(result.totalPrice).toBe((subtotal - discount) / 100);
        const lineDiscounts = result.items.reduce(
          (sum: number, item: { discountAmount: number }) => sum + Math.round(item.discountAmount * 100),
          0,
        );
        expect(lineDiscounts).toBe(discount);
      });

      it('SOMMER25 takes 25 € from 200 € on and says why below', async () => {
        const valid = await codeOutcome('SOMMER25', { courses: [course('open')] });
        expect(valid.provided).toMatchObject({ status: 'valid', totalDiscountAmount: 25 });
        expect(valid.result.totalPrice).toBe(264);
        const below = await codeOutcome('SOMMER25', { courses: [course('conversation')] });
        expect(below.provided).toEqual({
          code: 'SOMMER25',
          status: 'invalid',
          totalDiscountAmount: 0,
          errorMessage:
            'Der Mindestbestellwert für diesen Gutscheincode ist noch nicht erreicht. (Mindestbestellwert: 200\u00a0€)',
        });
        expect(below.result.discountsApplied).toEqual([]);
        expect(below.result.totalPrice).toBe(25);
      });

      it.each([
        ['ABGELAUFEN', 'de', 'Dieser Gutscheincode ist abgelaufen.'],
        ['ABGELAUFEN', 'en', 'This discount code has expired.'],
        ['ABGELAUFEN', 'es', 'Este código de descuento ha caducado.'],
        ['GIBTESNICHT', 'de', 'Diesen Gutscheincode gibt es nicht.'],
        ['GIBTESNICHT', 'en', 'This discount code does not exist.'],
        ['AUFGEBRAUCHT', 'de', 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.'],
        ['NURPRODUKTE', 'de', 'Dieser Gutscheincode gilt für keinen Artikel in Ihrem Warenkorb.'],
        ['BALD', 'en', 'This discount code is not valid yet.'],
      ])('%s is invalid (%s): %s', async (code, locale, message) => {
        const { provided, result } = await codeOutcome(code, { courses: [course('open')] }, locale);
        expect(provided).toEqual({ code, status: 'invalid', totalDiscountAmount: 0, errorMessage: message });
        expect(result.totalPrice).toBe(289);
      });

      it('a code restricted to products discounts only the products', async () => {
        const { provided, result } = await codeOutcome('NURPRODUKTE', {
          courses: [course('open')],
          products: [{ productId, quantity: 1 }],
        });
        expect(provided).toMatchObject({ status: 'valid', totalDiscountAmount: 10 });
        expect(result.items.find((i: { itemType: string }) => i.itemType === 'course').discountAmount).toBe(0);
        expect(result.items.find((i: { itemType: string }) => i.itemType === 'product').discountAmount).toBe(10);
      });

      it('a fixed amount never takes the total below 0', async () => {
        const { provided, result } = await codeOutcome('FUENFZIG', { courses: [course('conversation')] });
        expect(provided).toMatchObject({ status: 'valid', totalDiscountAmount: 25 });
        expect(result).toMatchObject({ subtotal: 25, totalPrice: 0, paymentMethods: [] });
      });

      it('two codes apply in order, each once; every provided code is reported', async () => {
        const result = await price({
          courses: [course('open')],
          discountCodes: ['SOMMER25', 'willkommen10', 'WILLKOMMEN10', 'ABGELAUFEN', ''],
        });
        expect(result.discountCodesProvided.map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
          ['SOMMER25', 'valid'],
          ['WILLKOMMEN10', 'valid'],
          ['ABGELAUFEN', 'invalid'],
        ]);
        // 289 − 25 = 264; 10 % of 264 = 26.40.
        expect(result.discountsApplied).toEqual([
          { code: 'SOMMER25', totalDiscountAmount: 25 },
          { code: 'WILLKOMMEN10', totalDiscountAmount: 26.4 },
        ]);
        expect(result.totalPrice).toBe(237.6);
      });

      it('the per-customer limit counts the customer’s own uses; guests are not limited here', async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        const customer = await ctx.db.kysely
          .selectFrom('customer')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const code = await ctx.db.kysely
          .selectFrom('discount_code')
          .select('id')
          .where('code', '=', 'EINMALPROKUNDE')
          .executeTakeFirstOrThrow();
        const request = { courses: [course('open')], discountCodes: ['EINMALPROKUNDE'] };
        expect((await price(request, token, c)).discountCodesProvided[0].status).toBe('valid');
        await ctx.db.kysely
          .insertInto('discount_code_usage')
          .values({
            discount_code_id: code.id,
            customer_id: customer.id,
            order_id: null,
            used_at: testNow.toISOString(),
          })
          .execute();
        expect((await price(request, token, c)).discountCodesProvided[0]).toMatchObject({
          status: 'invalid',
          errorMessage: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
        });
        expect((await price(request)).discountCodesProvided[0].status).toBe('valid');
      });
    });

    describe('quantity adjustments', () => {
      it.each([
        ['deadlinePassed', 1, 'REGISTRATION_DEADLINE_PASSED', 0],
        ['full', 2, 'COURSE_FULLY_BOOKED', 0],
        ['twoPlaces', 4, 'NOT_ENOUGH_PLACES', 2],
        ['flexibleOneLeft', 3, 'NOT_ENOUGH_APPOINTMENTS', 1],
      ] as const)('%s × %i → %s, priced at %i', async (name, requested, reason, adjusted) => {
        const result = await price({ courses: [course(name, requested), course('open')] });
        expect(result.quantityAdjustments).toEqual([
          { itemType: 'course', itemId: ids[name], reason, adjustedQuantity: adjusted, requestedQuantity: requested },
        ]);
        const line = result.items.find((i: { courseId: number }) => i.courseId === ids[name]);
        if (adjusted === 0) expect(line).toBeUndefined();
        else
          expect(line).toMatchObject({ quantity: adjusted, finalPrice: (adjusted * fixtureCourses[name].price) / 100 });
        expect(result.subtotal).toBe((adjusted * fixtureCourses[name].price + 28900) / 100);
      });

      it('the registration deadline day itself still books', async () => {
        expect((await price({ courses: [course('deadlineToday')] })).quantityAdjustments).toEqual([]);
      });

      it('POST /cart/validate returns just the adjustments', async () => {
        const reply = await guest.post('/api/cart/validate', body({ courses: [course('full'), course('open')] }));
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({
          result: {
            quantityAdjustments: [
              {
                itemType: 'course',
                itemId: ids.full,
                reason: 'COURSE_FULLY_BOOKED',
                adjustedQuantity: 0,
                requestedQuantity: 1,
              },
            ],
          },
        });
      });
    });

    describe('package credits', () => {
      let customer: { token: string; id: number; c: Client };
      beforeAll(async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        const { id } = await ctx.db.kysely
          .selectFrom('customer')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const validity = {
          valid_from: addDays(testToday, -30) + 'T00:00:00.000Z',
          valid_until: addDays(testToday, 300) + 'T00:00:00.000Z',
        };
        await ctx.db.kysely
          .insertInto('customer_balance')
          .values([
            { customer_id: id, type_id: CourseType.conversationHours, balance: 2, ...validity },
            { customer_id: id, type_id: CourseType.flexibleAppointment, balance: 1, ...validity },
            // Expired purchase: does not count.
            {
              customer_id: id,
              type_id: CourseType.conversationHours,
              balance: 9,
              valid_from: '2024-01-01T00:00:00.000Z',
              valid_until: '2025-01-01T00:00:00.000Z',
            },
          ])
          .execute();
        customer = { token, id, c };
      });

      it('a customer’s stored hours pay for conversation hours while they last', async () => {
        const result = await price({ courses: [course('conversation', 3)] }, customer.token, customer.c);
        expect(result.items[0]).toMatchObject({ quantity: 3, appliedCredits: 2, unitPrice: 25, finalPrice: 25 });
        // The subtotal is the list prices, as the screens show it; the credits come off after it.
        expect(result).toMatchObject({ subtotal: 75, totalPrice: 25 });
      });

      it('hours from a package in the cart count too; an hour fully covered costs 0', async () => {
        const result = await price(
          {
            courses: [course('conversation', 4), course('conversation2', 3)],
            packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
          },
          customer.token,
          customer.c,
        );
        // 2 stored + 5 bought = 7 hours for 7 places.
        expect(
          result.items
            .slice(0, 2)
            .map((i: { appliedCredits: number; finalPrice: number }) => [i.appliedCredits, i.finalPrice]),
        ).toEqual([
          [4, 0],
          [3, 0],
        ]);
        expect(result.totalPrice).toBe(115);
      });

      it('flexible-learning modules pay for flexible appointments, not for conversation hours', async () => {
        const result = await price(
          { courses: [course('flexible', 2), course('conversation', 2)] },
          customer.token,
          customer.c,
        );
        expect(result.items.map((i: { appliedCredits: number }) => i.appliedCredits)).toEqual([1, 2]);
        expect(result.totalPrice).toBe(69);
      });

      it('a guest never uses balances, not even packages in the cart', async () => {
        const result = await price({
          courses: [course('conversation', 2)],
          packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
        });
        expect(result.items[0]).toMatchObject({ appliedCredits: 0, finalPrice: 50 });
      });

      it('a token that is no longer valid is a 401, not a silent guest price', async () => {
        const reply = await guest.post('/api/cart/calculate-price', body({ courses: [course('open')] }), 'not-a-token');
        expect(reply.status).toBe(401);
      });
    });

    describe('bad input', () => {
      it.each([
        ['quantity 0', { courses: [{ courseId: 1, courseType: 1, quantity: 0 }] }, 'courses.0.quantity'],
        ['quantity 6', { products: [{ productId: 1, quantity: 6 }] }, 'products.0.quantity'],
        ['fractional quantity', { courses: [{ courseId: 1, courseType: 1, quantity: 1.5 }] }, 'courses.0.quantity'],
        ['unknown course type', { courses: [{ courseId: 1, courseType: 4, quantity: 1 }] }, 'courses.0.courseType'],
        ['a code longer than 20', { discountCodes: ['X'.repeat(21)] }, 'discountCodes.0'],
        ['a price sent by the client', { products: [{ productId: 1, quantity: 1, price: 1 }] }, 'products.0.price'],
        ['unknown field', { total: 0 }, 'total'],
        ['unknown locale', { locale: 'fr' }, 'locale'],
        [
          'a package of amount 1',
          { packages: [{ packageType: 'conversation_hours', amount: 1, quantity: 1 }] },
          'packages.0.amount',
        ],
        [
          'the same course twice',
          {
            courses: [
              { courseId: 1, courseType: 1, quantity: 1 },
              { courseId: 1, courseType: 1, quantity: 1 },
            ],
          },
          'courses.1.courseId',
        ],
      ])('%s is a 400 naming the field', async (_, request, field) => {
        const reply = await guest.post('/api/cart/calculate-price', body(request));
        expect(reply.status).toBe(400);
        expect(reply.body.error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(reply.body.error.fields)).toContain(field);
      });

      it('unknown ids and a course under the wrong type are 400s with field errors', async () => {
        const reply = await guest.post(
          '/api/cart/calculate-price',
          body({
            courses: [
              course('open'),
              { courseId: 999_999, courseType: 1, quantity: 1 },
              { ...course('conversation'), courseType: 1 },
            ],
            products: [{ productId: 999_999, quantity: 1 }],
            packages: [{ packageType: 'flexible_learning', amount: 7, quantity: 1 }],
          }),
        );
        expect(reply.status).toBe(400);
        expect(reply.body.error.fields).toEqual({
          'courses.1.courseId': 'Unknown course',
          'courses.2.courseType': 'The course has type 3',
          'products.0.productId': 'Unknown product',
          'packages.0.amount': 'No package of this amount',
        });
      });

      it('a malformed body is a 400', async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/cart/calculate-price',
          headers: { 'content-type': 'application/json' },
          payload: '{"courses":',
        });
        expect(response.statusCode).toBe(400);
        const list = await guest.post('/api/cart/calculate-price', body({ courses: 'none' }));
        expect(list.status).toBe(400);
        expect(list.body.error.fields).toHaveProperty('courses');
      });
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
