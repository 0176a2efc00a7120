import { orderListSchema } from '@shop/shared/contract';
import { formatDate } from '@shop/shared/format';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, verifiedCustomer } from '../customer/test-support.ts';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { readOrder } from './read.ts';

/** Writes an order the way the checkout will (docs/product-rules.md#checkout): rows in every order table. */
async function insertOrder(
  db: Kysely<Database>,
  {
    customerId,
    incrementId,
    createdAt,
    status = 'paid',
    courseId,
    productId,
  }: {
    customerId: number;
    incrementId: string;
    createdAt: string;
    status?: string;
    courseId: number;
    productId: number;
  },
) {
  const { id } = await db
    .insertInto('shop_order')
    .values({
      increment_id: incrementId,
      customer_id: customerId,
      email: 'anna@example.org',
      status,
      is_refunded: 0,
      total_price_cents: 61850,
      comment: status === 'pending' ? null : 'Bitte Rechnung per Post',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_billing_address')
    .values({
      order_id: id,
      firstname: 'Anna',
      lastname: 'Muster',
      address_line1: 'Hauptstr. 1',
      address_line2: '',
      city: 'Wien',
      zip: '1010',
      country: 'AT',
      phone: '+43 1 234567',
      birth_year: '1990',
    })
    .execute();
  const booking = await db
    .insertInto('course_booking')
    .values({ order_id: id, course_id: courseId, quantity: 2, total_price_cents: 57800, discount_cents: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('course_booking_participant')
    .values([
      {
        course_booking_id: booking.id,
        firstname: 'Anna',
        lastname: 'Muster',
        email: 'anna@example.org',
        phone: null,
        birth_year: '1990',
      },
      {
        course_booking_id: booking.id,
        firstname: 'Ben',
        lastname: 'Muster',
        email: 'ben@example.org',
        phone: '+49 170 1234567',
        birth_year: null,
      },
    ])
    .execute();
  await db
    .insertInto('product_order')
    .values({ order_id: id, product_id: productId, quantity: 1, unit_price_cents: 1950 })
    .execute();
  await db
    .insertInto('customer_balance_transaction')
    .values({ order_id: id, transaction_type: 'add', type_id: 3, amount: 5, quantity: 1, total_price_cents: 2100 })
    .execute();
  await db
    .insertInto('payment')
    .values({
      order_id: id,
      provider: 'sandbox',
      method: 'creditcard',
      transaction_id: `tx-${incrementId}`,
      status: status === 'pending' ? 'pending' : 'paid',
      payment_link: status === 'pending' ? `http://127.0.0.1:3000/api/payments/sandbox/${incrementId}` : null,
      amount_cents: 61850,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  return id;
}

describeEachDatabase(
  'GET /api/customer/me/orders',
  (ctx) => {
    let anna: { token: string; id: number };
    let ben: { token: string; id: number };
    let courseId: number;
    let productId: number;
    const c = () => client(ctx);

    beforeAll(async () => {
      const idOf = async (email: string) =>
        (await ctx.db.kysely.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirstOrThrow())
          .id;
      const a = await verifiedCustomer(ctx, c());
      const b = await verifiedCustomer(ctx, c());
      anna = { token: a.token, id: await idOf(a.email) };
      ben = { token: b.token, id: await idOf(b.email) };
      courseId = (await ctx.db.kysely.selectFrom('course').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      productId = (await ctx.db.kysely.selectFrom('product').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      for (const [i, status] of (['paid', 'pending', 'completed'] as const).entries()) {
        await insertOrder(ctx.db.kysely, {
          customerId: anna.id,
          incrementId: `10000${i + 1}`,
          createdAt: `2026-01-0${i + 1}T10:15:00.000Z`,
          status,
          courseId,
          productId,
        });
      }
      await insertOrder(ctx.db.kysely, {
        customerId: ben.id,
        incrementId: '200001',
        createdAt: '2026-01-05T08:00:00.000Z',
        courseId,
        productId,
      });
    });

    it('lists the customer own orders, newest first, with every part of docs/product-rules.md#data Order', async () => {
      const reply = await c().get('/api/customer/me/orders?limit=20&offset=0', anna.token);
      expect(reply.status).toBe(200);
      const orders = orderListSchema.parse(reply.body.result);
      expect(orders.map((o) => o.incrementId)).toEqual(['100003', '100002', '100001']);
      const [completed, pending] = orders;
      expect(completed).toMatchObject({
        createdAt: '2026-01-03T10:15:00.000Z',
        status: 'completed',
        isRefunded: false,
        totalPrice: 618.5,
        comment: 'Bitte Rechnung per Post',
        customerBillingAddress: {
          firstname: 'Anna',
          lastname: 'Muster',
          city: 'Wien',
          zip: '1010',
          country: 'AT',
          phone: '+43 1 234567',
          birthYear: '1990',
        },
        productOrders: [{ quantity: 1, unitPrice: 19.5, product: { id: productId } }],
        customerBalanceTransactions: [{ transactionType: 'add', type: 3, amount: 5, quantity: 1, totalPrice: 21 }],
        payments: [{ transactionId: 'tx-100003', status: 'paid', paymentLink: null }],
      });
      const [booking] = completed!.courseBookings;
      expect(booking).toMatchObject({ quantity: 2, totalPrice: 578, discount: 10, course: { id: courseId } });
      expect(booking!.course.titles.map((t) => t.language)).toEqual(['de', 'en', 'es']);
      expect(booking!.participants).toMatchObject([
        { firstname: 'Anna', email: 'anna@example.org', phone: null, birthYear: '1990' },
        { firstname: 'Ben', phone: '+49 170 1234567', birthYear: null },
      ]);
      expect(completed!.productOrders[0]!.product.titles.length).toBeGreaterThan(0);
      expect(pending).toMatchObject({
        status: 'pending',
        comment: null,
        payments: [{ status: 'pending', paymentLink: expect.stringContaining('/api/payments/sandbox/') }],
      });
    });

    it('gives a booked course the weekdays it meets on, so its confirmation mail reads as a course', async () => {
      const evening = await ctx.db.kysely
        .selectFrom('course')
        .select(['id', 'start_date', 'end_date'])
        .where('identifier', 'like', 'GK-%-ABD-%')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      // A customer of its own, so the other tests' order lists stay as they are.
      const { email } = await verifiedCustomer(ctx, c());
      const customer = await ctx.db.kysely
        .selectFrom('customer')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const orderId = await insertOrder(ctx.db.kysely, {
        customerId: customer.id,
        incrementId: '300001',
        createdAt: '2026-01-06T08:00:00.000Z',
        courseId: evening.id,
        productId,
      });
      const order = (await readOrder(ctx.db, orderId))!;
      expect(order.customerId).toBe(customer.id);
      expect(order.courseBookings[0]!.course.weekdays).toEqual([1, 3]);
      const mail = renderOrderConfirmation(order, 'de', { name: 'Carla', guest: false });
      expect(mail.text).toContain(
        `16 Termine, dienstags und donnerstags 18:30–20:00 Uhr, ${formatDate(evening.start_date)} – ${formatDate(evening.end_date)}`,
      );
    });

    it('pages with limit and offset (spec: 20 from 0 on the orders screen)', async () => {
      const page = async (query: string) =>
        ((await c().get(`/api/customer/me/orders?${query}`, anna.token)).body.result as { incrementId: string }[]).map(
          (o) => o.incrementId,
        );
      expect(await page('limit=2&offset=0')).toEqual(['100003', '100002']);
      expect(await page('limit=2&offset=2')).toEqual(['100001']);
      expect(await page('limit=20&offset=5')).toEqual([]);
      expect(await page('')).toHaveLength(3);
      const bad = await c().get('/api/customer/me/orders?limit=0&offset=-1', anna.token);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['limit', 'offset']);
    });

    it('reads the orders in a fixed number of queries, however many orders there are', async () => {
      ctx.queries.length = 0;
      await c().get('/api/customer/me/orders?limit=20&offset=0', anna.token);
      const orderQueries = ctx.queries.filter((sql) =>
        /shop_order|course_booking|product_order|payment|order_billing|balance_transaction|course_text|product_text/.test(
          sql,
        ),
      );
      expect(orderQueries.length).toBeLessThanOrEqual(9);
    });

    describe('no customer reaches another customer data, whatever ids they send', () => {
      it('shows each customer only their orders', async () => {
        const bens = (await c().get('/api/customer/me/orders', ben.token)).body.result as { incrementId: string }[];
        expect(bens.map((o) => o.incrementId)).toEqual(['200001']);
      });

      it('refuses ids in queries and bodies instead of acting on them', async () => {
        const attempts = [
          () => c().get(`/api/customer/me/orders?customerId=${anna.id}`, ben.token),
          () => c().get(`/api/customer/me/orders?limit=20&offset=0&id=${anna.id}`, ben.token),
          () => c().put('/api/customer/me/update', { customerId: anna.id, firstname: 'Mallory' }, ben.token),
          () =>
            c().post(
              '/api/customer/me/billing-address',
              {
                customerId: anna.id,
                firstname: 'M',
                lastname: 'M',
                addressLine1: '',
                addressLine2: '',
                city: '',
                zip: '',
                country: 'DE',
              },
              ben.token,
            ),
          () =>
            c().put(
              '/api/customer/me/update-password',
              { customerId: anna.id, currentPassword: 'Sprache1!', newPassword: 'Mallory1!x' },
              ben.token,
            ),
        ];
        for (const attempt of attempts) {
          const reply = await attempt();
          expect(reply.status).toBe(400);
          expect(reply.body.error.code).toBe('VALIDATION_ERROR');
        }
        const annaMe = (await c().get('/api/customer/me', anna.token)).body.result;
        expect(annaMe.firstname).toBe('Anna');
      });

      it('acts on the token owner only: a billing address saved by one is not visible to the other', async () => {
        const address = {
          firstname: 'Ben',
          lastname: 'B',
          addressLine1: '',
          addressLine2: '',
          city: '',
          zip: '',
          country: 'DE',
        };
        await c().post('/api/customer/me/billing-address', address, ben.token);
        expect((await c().get('/api/customer/me/billing-address', anna.token)).body.result).toBeNull();
        expect((await c().get('/api/customer/me/billing-address', ben.token)).body.result).toEqual(address);
      });

      it('answers 401 for every account call without a valid token', async () => {
        for (const url of [
          '/api/customer/me',
          '/api/customer/me/orders',
          '/api/customer/me/balances',
          '/api/customer/me/billing-address',
        ]) {
          expect((await c().get(url, 'forged-token')).status, url).toBe(401);
        }
      });
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
