import { CourseType } from '@shop/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, newEmail, verifiedCustomer, type Client } from '../customer/test-support.ts';
import {
  courseOrder,
  freePlaces,
  grantConversationHours,
  insertCourse,
  orderByNumber,
  orderCount,
  paymentOf,
} from './test-support.ts';

/**
 * The customer is never charged a total other than the one shown (docs/decisions/0006-charged-total.md): the
 * order carries the total its buyer saw, and any difference at submit is a 409 PRICE_CHANGED with the fresh
 * price, creating nothing.
 */
describeEachDatabase(
  'POST /cart/submit charges only the total the buyer was shown',
  (ctx) => {
    let guest: Client;
    beforeAll(() => {
      guest = client(ctx);
    });

    const usagesOf = async (code: string) =>
      (
        await ctx.db.kysely
          .selectFrom('discount_code_usage')
          .innerJoin('discount_code', 'discount_code.id', 'discount_code_usage.discount_code_id')
          .select('discount_code_usage.order_id')
          .where('discount_code.code', '=', code)
          .execute()
      ).map((row) => row.order_id);
    /** One order from a browser and address of its own, as separate buyers would send it. */
    const submit = (body: ReturnType<typeof courseOrder>, token?: string) =>
      client(ctx).post('/api/cart/submit', token ? body : { ...body, emailAddress: newEmail('preis') }, token);
    const price = async (c: Client, body: Record<string, unknown>, token?: string) => {
      const reply = await c.post('/api/cart/calculate-price', { locale: 'de', ...body }, token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.result;
    };

    it('12 parallel buyers of a single-use 50 % code: one order at 50 €, eleven 409s with the fresh 100 € price, nothing else', async () => {
      await ctx.db.kysely
        .insertInto('discount_code')
        .values({ code: 'HALB50', percent_off: 50, usage_limit: 1 })
        .execute();
      const course = await insertCourse(ctx, { free: 10, priceCents: 10000 });
      const buyers = Array.from({ length: 12 }, (_, n) => ({
        client: client(ctx),
        email: `kaeufer${n}.${Date.now()}@example.org`,
      }));
      // Every buyer is shown 50 € before anyone submits.
      for (const buyer of buyers) {
        const shown = await price(buyer.client, {
          courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }],
          discountCodes: ['HALB50'],
        });
        expect(shown.totalPrice).toBe(50);
      }
      const ordersBefore = await orderCount(ctx);

      const replies = await Promise.all(
        buyers.map((buyer) =>
          buyer.client.post(
            '/api/cart/submit',
            courseOrder(course, 1, { emailAddress: buyer.email, discountCodes: ['HALB50'], expectedTotalPrice: 50 }),
          ),
        ),
      );

      const accepted = replies.filter((r) => r.status === 200);
      const refused = replies.filter((r) => r.status === 409);
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(11);
      for (const reply of refused) {
        expect(reply.body.error).toEqual({ code: 'PRICE_CHANGED', message: expect.any(String) });
        expect(reply.body.meta.message).toBe(
          'Der Preis Ihrer Bestellung hat sich geändert. Bitte prüfen Sie den neuen Gesamtpreis und bestellen Sie erneut.',
        );
        expect(reply.body.priceResult).toMatchObject({
          totalPrice: 100,
          discountCodesProvided: [
            {
              code: 'HALB50',
              status: 'invalid',
              totalDiscountAmount: 0,
              errorMessage: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
            },
          ],
          discountsApplied: [],
        });
        expect(reply.body.reasons).toEqual([
          {
            reason: 'DISCOUNT_CODE_REJECTED',
            code: 'HALB50',
            message: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
          },
          { reason: 'TOTAL_CHANGED', expectedTotalPrice: 50, totalPrice: 100 },
        ]);
      }
      // Exactly one order, charged what it was sent; one place taken, one redemption.
      expect(await orderCount(ctx)).toBe(ordersBefore + 1);
      const order = await orderByNumber(ctx, accepted[0]!.body.result.incrementId);
      expect(order.total_price_cents).toBe(5000);
      expect((await paymentOf(ctx, order.id)).amount_cents).toBe(5000);
      expect(await usagesOf('HALB50')).toEqual([order.id]);
      expect(await freePlaces(ctx, course.id)).toBe(9);
      const charged = await ctx.db.kysely
        .selectFrom('shop_order')
        .innerJoin('course_booking', 'course_booking.order_id', 'shop_order.id')
        .select('shop_order.total_price_cents')
        .where('course_booking.course_id', '=', course.id)
        .execute();
      expect(charged).toEqual([{ total_price_cents: 5000 }]);

      // A refused buyer confirms the fresh price (without the spent code) and is charged exactly that.
      const again = buyers[replies.indexOf(refused[0]!)]!;
      const confirmed = await again.client.post(
        '/api/cart/submit',
        courseOrder(course, 1, {
          emailAddress: again.email,
          expectedTotalPrice: refused[0]!.body.priceResult.totalPrice,
        }),
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const second = await orderByNumber(ctx, confirmed.body.result.incrementId);
      expect(second.total_price_cents).toBe(10000);
      expect((await paymentOf(ctx, second.id)).amount_cents).toBe(10000);
    });

    it('a course whose price changed since pricing: 409 with the new price, nothing created', async () => {
      const course = await insertCourse(ctx, { free: 3, priceCents: 28900 });
      const shown = await price(guest, { courses: [{ courseId: course.id, courseType: course.type, quantity: 2 }] });
      expect(shown.totalPrice).toBe(578);
      await ctx.db.kysely.updateTable('course').set({ price_cents: 30900 }).where('id', '=', course.id).execute();
      const before = await orderCount(ctx);

      const reply = await submit(courseOrder(course, 2, { expectedTotalPrice: shown.totalPrice }));

      expect(reply.status).toBe(409);
      expect(reply.body.error.code).toBe('PRICE_CHANGED');
      expect(reply.body.reasons).toEqual([{ reason: 'TOTAL_CHANGED', expectedTotalPrice: 578, totalPrice: 618 }]);
      expect(reply.body.priceResult.items).toEqual([
        expect.objectContaining({ courseId: course.id, unitPrice: 309, finalPrice: 618 }),
      ]);
      expect(await orderCount(ctx)).toBe(before);
      expect(await freePlaces(ctx, course.id)).toBe(3);
    });

    it('answers in the order’s language', async () => {
      const course = await insertCourse(ctx, { free: 3 });
      const reply = await submit(
        courseOrder(course, 1, { expectedTotalPrice: 1, locale: 'es', discountCodes: ['ABGELAUFEN'] }),
      );
      expect(reply.status).toBe(409);
      expect(reply.body.meta.message).toBe(
        'El precio de tu pedido ha cambiado. Por favor, revisa el nuevo total y vuelve a realizar el pedido.',
      );
      expect(reply.body.reasons[0]).toEqual({
        reason: 'DISCOUNT_CODE_REJECTED',
        code: 'ABGELAUFEN',
        message: 'Este código de descuento ha caducado.',
      });
    });

    it('a code that does not apply is a change even when the totals match', async () => {
      const course = await insertCourse(ctx, { free: 3, priceCents: 28900 });
      const before = await orderCount(ctx);
      for (const code of ['ABGELAUFEN', 'GIBTESNICHT']) {
        const reply = await submit(courseOrder(course, 1, { discountCodes: [code], expectedTotalPrice: 289 }));
        expect(reply.status, JSON.stringify(reply.body)).toBe(409);
        expect(reply.body.reasons).toEqual([{ reason: 'DISCOUNT_CODE_REJECTED', code, message: expect.any(String) }]);
        expect(reply.body.priceResult.totalPrice).toBe(289);
      }
      expect(await orderCount(ctx)).toBe(before);
      expect(await freePlaces(ctx, course.id)).toBe(3);
    });

    it('matching totals are charged: compared in whole cents, float noise ignored', async () => {
      const course = await insertCourse(ctx, { free: 3, priceCents: 28900 });
      const shown = await price(guest, {
        courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }],
        discountCodes: ['WILLKOMMEN10'],
      });
      expect(shown.totalPrice).toBe(260.1);
      // 260.1 is not exact in binary; 260.100000001 still names the same cent.
      for (const expectedTotalPrice of [shown.totalPrice, 260.100000001]) {
        const reply = await submit(courseOrder(course, 1, { discountCodes: ['WILLKOMMEN10'], expectedTotalPrice }));
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect((await orderByNumber(ctx, reply.body.result.incrementId)).total_price_cents).toBe(26010);
      }
      const oneCentOff = await submit(
        courseOrder(course, 1, { discountCodes: ['WILLKOMMEN10'], expectedTotalPrice: 260.09 }),
      );
      expect(oneCentOff.status).toBe(409);
    });

    it.each([
      ['missing', undefined],
      ['text', '289'],
      ['negative', -1],
      ['absurd', 1e12],
    ])('refuses an expected total that is %s with a field error, changing nothing', async (_, expectedTotalPrice) => {
      const course = await insertCourse(ctx, { free: 3 });
      const before = await orderCount(ctx);
      const reply = await submit(courseOrder(course, 1, { expectedTotalPrice }));
      expect(reply.status).toBe(400);
      expect(reply.body.error.fields).toHaveProperty('expectedTotalPrice');
      expect(await orderCount(ctx)).toBe(before);
    });

    describe('a customer with credits', () => {
      it('whose credit was spent elsewhere since pricing: 409 with the price to pay now, nothing created', async () => {
        const customer = await verifiedCustomer(ctx, guest);
        await grantConversationHours(ctx, customer.email, 1);
        const first = await insertCourse(ctx, { type: CourseType.conversationHours, free: 3, priceCents: 2500 });
        const second = await insertCourse(ctx, { type: CourseType.conversationHours, free: 3, priceCents: 2500 });
        // Both carts are shown at 0 €: the one hour of credit pays either.
        for (const course of [first, second]) {
          expect(
            (
              await price(
                guest,
                { courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }] },
                customer.token,
              )
            ).totalPrice,
          ).toBe(0);
        }
        const spent = await submit(
          courseOrder(first, 1, { selectedPaymentMethod: undefined, expectedTotalPrice: 0 }),
          customer.token,
        );
        expect(spent.status, JSON.stringify(spent.body)).toBe(200);
        const before = await orderCount(ctx);

        const reply = await submit(
          courseOrder(second, 1, { selectedPaymentMethod: undefined, expectedTotalPrice: 0 }),
          customer.token,
        );

        expect(reply.status).toBe(409);
        expect(reply.body.reasons).toEqual([{ reason: 'TOTAL_CHANGED', expectedTotalPrice: 0, totalPrice: 25 }]);
        expect(reply.body.priceResult.items[0]).toMatchObject({ appliedCredits: 0, finalPrice: 25 });
        expect(reply.body.priceResult.paymentMethods.length).toBeGreaterThan(0);
        expect(await orderCount(ctx)).toBe(before);
        expect(await freePlaces(ctx, second.id)).toBe(3);
      });
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
