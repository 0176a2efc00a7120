import { expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../../test/databases.ts';
import { cheapHashing, client, verifiedCustomer } from '../../customer/test-support.ts';
import { listCustomerOrders, readOrder } from '../read.ts';
import { pendingOrder } from '../test-support.ts';

describeEachDatabase(
  'reading orders costs a fixed number of queries per page',
  (ctx) => {
    /**
     * An order with a row in every table the read joins: a booking with participants, a product, a payment that
     * came late (so the refunds are read) and a withdrawn booking (so the declarations are read).
     */
    const fullOrder = async (customerId: number) => {
      const { order, payment } = await pendingOrder(ctx);
      await ctx.db.kysely
        .updateTable('shop_order')
        .set({ status: 'cancelled', cancel_reason: 'hold_expired', customer_id: customerId })
        .where('id', '=', order.id)
        .execute();
      await ctx.db.kysely
        .updateTable('payment')
        .set({ status: 'paid', refund_required: 1 })
        .where('id', '=', payment.id)
        .execute();
      const declaration = await ctx.db.kysely
        .insertInto('withdrawal_declaration')
        .values({
          received_at: testNow.toISOString(),
          name: 'Ana García',
          order_number: order.increment_id,
          email: order.email,
          positions: '[]',
          locale: 'de',
          customer_id: customerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .updateTable('course_booking')
        .set({ withdrawal_id: declaration.id })
        .where('order_id', '=', order.id)
        .execute();
      const product = await ctx.db.kysely.selectFrom('product').select('id').orderBy('id').executeTakeFirstOrThrow();
      await ctx.db.kysely
        .insertInto('product_order')
        .values({ order_id: order.id, product_id: product.id, quantity: 1, unit_price_cents: 1950 })
        .execute();
      return order.id;
    };

    it('reads one order and a page of several in the same queries, one per table', async () => {
      const { email } = await verifiedCustomer(ctx, client(ctx));
      const customer = await ctx.db.kysely
        .selectFrom('customer')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const ids = [await fullOrder(customer.id), await fullOrder(customer.id), await fullOrder(customer.id)];

      ctx.queries.length = 0;
      const one = await readOrder(ctx.db, ids[0]!);
      const forOne = ctx.queries.length;
      ctx.queries.length = 0;
      const page = await listCustomerOrders(ctx.db, customer.id, { limit: 20, offset: 0 });
      const forPage = ctx.queries.length;

      expect(one?.courseBookings[0]?.withdrawnAt).toBe(testNow.toISOString());
      expect(one?.latePayment).toBeDefined();
      expect(one?.productOrders[0]?.product.titles.length).toBeGreaterThan(0);
      expect(page.map((order) => order.id)).toEqual([...ids].reverse());
      // shop_order; six tables keyed by order; participants, course and product texts, declarations; weekdays, refunds.
      expect({ forOne, forPage }).toEqual({ forOne: 13, forPage: 13 });
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
