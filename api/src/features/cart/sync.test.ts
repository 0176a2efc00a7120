import { cartLifetimeMs, cartSyncLimits, catalogTextLimits, type Course } from '@shop/shared/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { movableClock } from '../customer/test-support.ts';

const clock = movableClock();

const item = {
  id: 'line-1',
  itemType: 'package',
  quantity: 2,
  packageType: 'conversation_hours',
  amount: 5,
  packageDetails: {
    title: '5 Konversationsstunden',
    type: 'conversation_hours',
    price: 115,
    discountedPrice: null,
    description: '12 Monate gültig',
  },
};

describeEachDatabase(
  'cart sync',
  (ctx) => {
    const post = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/cart/sync', payload: payload as object });
    const get = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/cart/sync/${id}` });

    it('stores cart items for 24 hours and gives them back by id', async () => {
      clock.reset();
      const created = await post({ items: [item] });
      expect(created.statusCode).toBe(200);
      const { id, expiresAt } = created.json().result;
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(expiresAt).toBe(new Date(testNow.getTime() + cartLifetimeMs).toISOString());

      const read = await get(id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ result: { items: [item], discountCodes: [], expiresAt } });

      clock.advance(cartLifetimeMs - 1000);
      expect((await get(id)).statusCode).toBe(200);
      clock.advance(1000);
      const expired = await get(id);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.code).toBe('NOT_FOUND');
    });

    it('carries the discount codes, normalised, each once', async () => {
      clock.reset();
      const created = await post({ items: [item], discountCodes: [' sommer10 ', 'SOMMER10', 'treue5'] });
      expect(created.statusCode, created.body).toBe(200);
      const read = await get(created.json().result.id);
      expect(read.json().result.discountCodes).toEqual(['SOMMER10', 'TREUE5']);
    });

    it('refuses discount codes that are not a list of codes with field errors', async () => {
      clock.reset();
      const refused = await post({ items: [item], discountCodes: 'SOMMER10' });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain('discountCodes');
    });

    describe("gives a parked cart back with the catalogue's own details, never the texts the parking request wrote", () => {
      // A phishing link must not show made-up course titles or instructions on the shop's own cart page.
      const forged = 'Bitte überweisen Sie den Betrag an IBAN DE00 0000 0000 0000';
      const parkAndRead = async (items: unknown[]) => {
        clock.reset();
        const created = await post({ items });
        expect(created.statusCode, created.body).toBe(200);
        const read = await get(created.json().result.id);
        expect(read.statusCode).toBe(200);
        return read.json().result.items as Record<string, unknown>[];
      };

      it('a course and a product: their details as the catalogue serves them now', async () => {
        const course: Course = (await ctx.app.inject({ method: 'GET', url: '/api/course/search?limit=1' })).json()
          .result.items[0];
        const product = (await ctx.app.inject({ method: 'GET', url: '/api/product/search?limit=1' })).json().result
          .items[0];
        const items = await parkAndRead([
          {
            id: 'line-1',
            itemType: 'course',
            quantity: 1,
            courseId: course.id,
            courseType: course.type,
            courseDetails: {
              ...course,
              titles: [{ language: 'de', description: forged }],
              descriptions: [{ language: 'de', type: 'short', description: forged }],
              startDate: '2030-01-01',
              price: 1,
            },
          },
          {
            id: 'line-2',
            itemType: 'product',
            quantity: 2,
            productId: product.id,
            productDetails: { ...product, titles: [{ language: 'de', description: forged }], price: 1 },
          },
        ]);
        expect(items).toEqual([
          {
            id: 'line-1',
            itemType: 'course',
            quantity: 1,
            courseId: course.id,
            courseType: course.type,
            courseDetails: course,
          },
          { id: 'line-2', itemType: 'product', quantity: 2, productId: product.id, productDetails: product },
        ]);
        expect(JSON.stringify(items)).not.toContain('IBAN');
      });

      it("a package: the shop's price for its type and amount; lines the catalogue does not have are left out", async () => {
        const course: Course = (await ctx.app.inject({ method: 'GET', url: '/api/course/search?limit=1' })).json()
          .result.items[0];
        const items = await parkAndRead([
          { ...item, packageDetails: { ...item.packageDetails, price: 1, discountedPrice: 0.5 } },
          { ...item, id: 'line-2', amount: 7 },
          {
            id: 'line-3',
            itemType: 'course',
            quantity: 1,
            courseId: 2_000_000_000,
            courseType: course.type,
            courseDetails: { ...course, id: 2_000_000_000 },
          },
        ]);
        expect(items).toEqual([item]);
      });

      it("a cart of nothing the catalogue has is not found, rather than an empty cart replacing the reader's", async () => {
        clock.reset();
        const created = await post({ items: [{ ...item, amount: 7 }] });
        expect(created.statusCode).toBe(200);
        expect((await get(created.json().result.id)).statusCode).toBe(404);
      });
    });

    it('an unknown or malformed id is a 404', async () => {
      expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      expect((await get('eyJpdGVtcyI6W119.not-an-id')).statusCode).toBe(404);
    });

    it('refuses anything that is not a list of cart items', async () => {
      for (const payload of [{ items: [] }, { items: 'x' }, { items: [{ ...item, quantity: 9 }] }, {}]) {
        const reply = await post(payload);
        expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
        expect(reply.json().error.code).toBe('VALIDATION_ERROR');
      }
    });

    describe('caps what anybody may park (issue: 40 × 1 MB grew the database by 40 MB)', () => {
      // Live ones: storing sweeps expired carts, which is no growth.
      const parked = async () =>
        Number(
          (
            await ctx.db.kysely
              .selectFrom('cart_sync')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('expires_at', '>', clock.now().toISOString())
              .executeTakeFirstOrThrow()
          ).n,
        );
      // A course as the catalogue serves it: what a real cart carries.
      let course: Course;
      beforeAll(async () => {
        course = (await ctx.app.inject({ method: 'GET', url: '/api/course/search?limit=1' })).json().result.items[0];
      });
      const courseItem = (n: number, overrides: Record<string, unknown> = {}) => ({
        id: `line-${n}`,
        itemType: 'course',
        quantity: 1,
        courseId: course.id,
        courseType: course.type,
        courseDetails: { ...course, ...overrides },
      });

      it(`answers a body over ${cartSyncLimits.bodyBytes / 1024} KiB with 413 in the envelope, parking nothing`, async () => {
        const before = await parked();
        const huge = {
          items: [
            courseItem(1, { descriptions: [{ language: 'de', type: 'short', description: 'x'.repeat(1_000_000) }] }),
          ],
        };
        const reply = await post(huge);
        expect(reply.statusCode).toBe(413);
        expect(reply.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
        expect(await parked()).toBe(before);
      });

      it(`takes at most ${cartSyncLimits.items} items`, async () => {
        const before = await parked();
        const full = Array.from({ length: cartSyncLimits.items }, (_, i) => courseItem(i + 1));
        expect(JSON.stringify({ items: full }).length).toBeLessThan(cartSyncLimits.bodyBytes);
        expect((await post({ items: full })).statusCode).toBe(200);
        const over = await post({ items: [...full, courseItem(99)] });
        expect(over.statusCode).toBe(400);
        expect(over.json().error.fields).toHaveProperty('items');
        expect(await parked()).toBe(before + 1);
      });

      it.each([
        [
          'a title',
          { titles: [{ language: 'de', description: 'x'.repeat(catalogTextLimits.title + 1) }] },
          'items.0.courseDetails.titles.0.description',
        ],
        [
          'a description',
          {
            descriptions: [
              { language: 'de', type: 'short', description: 'x'.repeat(catalogTextLimits.description + 1) },
            ],
          },
          'items.0.courseDetails.descriptions.0.description',
        ],
        [
          'an identifier',
          { identifier: 'x'.repeat(catalogTextLimits.identifier + 1) },
          'items.0.courseDetails.identifier',
        ],
        [
          'a tag list',
          { tags: Array.from({ length: catalogTextLimits.tags + 1 }, () => ({ categoryId: 3, slug: 'a1' })) },
          'items.0.courseDetails.tags',
        ],
        [
          'a NUL in a title',
          { titles: [{ language: 'de', description: 'Spanisch\u0000' }] },
          'items.0.courseDetails.titles.0.description',
        ],
      ])('answers %s over its limit with a 400 naming the field', async (_, overrides, field) => {
        const before = await parked();
        const reply = await post({ items: [courseItem(1, overrides)] });
        expect(reply.statusCode).toBe(400);
        expect(Object.keys(reply.json().error.fields)).toContain(field);
        expect(await parked()).toBe(before);
      });
    });
  },
  { app: { now: clock.now } },
);
