import { CourseType, courseSearchResultSchema } from '@shop/shared/contract';
import { beforeAll, expect, it } from 'vitest';
import { conversationHourPriceCents as seededHourCents } from '../../db/seed/catalog-data.ts';
import { describeEachDatabase, get } from '../../test/databases.ts';
import { cheapHashing, client, newEmail } from '../customer/test-support.ts';
import { courseOrder, insertCourse } from '../order/test-support.ts';

/** The package of one hour, priced apart from what the courses' own rows say (the seed gives both 25 €). */
const hourCents = 3000;

/**
 * docs/product-rules.md#prices-and-vat: a conversation hour's unit price is the price of the package of amount
 * 1. The catalogue shows it, the cart prices with it and the checkout charges it; without that package the
 * course's own price applies.
 */
describeEachDatabase(
  'conversation hours cost the package of amount 1',
  (ctx) => {
    let course: { id: number; type: number; priceCents: number };
    beforeAll(async () => {
      await ctx.db.kysely
        .updateTable('package_price')
        .set({ price_cents: hourCents })
        .where('type', '=', 'conversation_hours')
        .where('amount', '=', 1)
        .execute();
      course = await insertCourse(ctx, { type: CourseType.conversationHours, free: 5, priceCents: seededHourCents });
      // An offer price on the course's own row does not apply either.
      await ctx.db.kysely
        .updateTable('course')
        .set({ discounted_price_cents: 2000 })
        .where('id', '=', course.id)
        .execute();
    });

    const search = async (query: string) => {
      const { status, body } = await get(
        ctx,
        `/api/course/search?type=${CourseType.conversationHours}&limit=100&${query}`,
      );
      expect(status, JSON.stringify(body)).toBe(200);
      return courseSearchResultSchema.parse(body.result);
    };
    const calculate = async (quantity: number) => {
      const reply = await client(ctx).post('/api/cart/calculate-price', {
        courses: [{ courseId: course.id, courseType: course.type, quantity }],
        products: [],
        packages: [],
        discountCodes: [],
        locale: 'de',
        applePayAvailable: false,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.result;
    };

    it('the catalogue shows every conversation course at the package price, with no offer price', async () => {
      const result = await search('');
      expect(result.items.length).toBeGreaterThan(1);
      for (const item of result.items)
        expect({ price: item.price, discountedPrice: item.discountedPrice }).toEqual({
          price: hourCents / 100,
          discountedPrice: null,
        });
      // The price filter sees the same price.
      expect((await search(`priceMin=${hourCents / 100}`)).total).toBe(result.total);
      expect((await search(`priceMax=${seededHourCents / 100}`)).total).toBe(0);
      // Other course types keep their own prices.
      const full = (await get(ctx, `/api/course/search?type=${CourseType.fullCourse}&limit=5`)).body.result.items;
      expect(full.every((item: { price: number }) => item.price !== hourCents / 100)).toBe(true);
    });

    it('the cart prices each hour at the package price, and the checkout charges it', async () => {
      const result = await calculate(2);
      expect(result.items[0]).toMatchObject({ unitPrice: hourCents / 100, finalPrice: (2 * hourCents) / 100 });
      expect(result.totalPrice).toBe((2 * hourCents) / 100);

      const reply = await client(ctx).post(
        '/api/cart/submit',
        courseOrder({ ...course, priceCents: hourCents }, 2, { emailAddress: newEmail('stunde') }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const booking = await ctx.db.kysely
        .selectFrom('course_booking')
        .innerJoin('shop_order', 'shop_order.id', 'course_booking.order_id')
        .select(['course_booking.unit_price_cents', 'shop_order.total_price_cents'])
        .where('shop_order.increment_id', '=', reply.body.result.incrementId)
        .executeTakeFirstOrThrow();
      expect(booking).toEqual({ unit_price_cents: hourCents, total_price_cents: 2 * hourCents });
    });

    it('without a package of amount 1, a conversation course keeps its own price (its offer price first)', async () => {
      await ctx.db.kysely
        .deleteFrom('package_price')
        .where('type', '=', 'conversation_hours')
        .where('amount', '=', 1)
        .execute();
      expect((await calculate(1)).items[0]).toMatchObject({ unitPrice: 20 });
      const mine = (await search('')).items.find((item) => item.id === course.id)!;
      expect({ price: mine.price, discountedPrice: mine.discountedPrice }).toEqual({
        price: seededHourCents / 100,
        discountedPrice: 20,
      });
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
