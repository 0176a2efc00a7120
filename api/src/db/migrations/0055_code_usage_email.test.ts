import { expect, it } from 'vitest';
import { client } from '../../features/customer/test-support.ts';
import { courseOrder, insertCourse, orderByNumber } from '../../features/order/test-support.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { down, up } from './0055_code_usage_email.ts';

describeEachDatabase('migration 0055: code redemptions keep their order’s address', (ctx) => {
  it('fills the address of existing redemptions from their orders, trimmed and lower-cased', async () => {
    const course = await insertCourse(ctx, { free: 3 });
    const reply = await client(ctx).post(
      '/api/cart/submit',
      courseOrder(course, 1, {
        emailAddress: 'alt@example.org',
        discountCodes: ['WILLKOMMEN10'],
        expectedTotalPrice: 260.1,
      }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const order = await orderByNumber(ctx, reply.body.result.incrementId);
    const code = await ctx.db.kysely
      .selectFrom('discount_code')
      .select('id')
      .where('code', '=', 'SOMMER25')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('discount_code_usage')
      .values({ discount_code_id: code.id, customer_id: null, order_id: null, email: null, used_at: order.created_at })
      .execute();

    await down(ctx.db.kysely);
    // An address written before addresses were normalised everywhere.
    await ctx.db.kysely
      .updateTable('shop_order')
      .set({ email: ' Alt@Example.ORG ' })
      .where('id', '=', order.id)
      .execute();
    await up(ctx.db.kysely);

    const rows = await ctx.db.kysely
      .selectFrom('discount_code_usage')
      .select(['order_id', 'email'])
      .orderBy('id')
      .execute();
    expect(rows).toContainEqual({ order_id: order.id, email: 'alt@example.org' });
    expect(rows).toContainEqual({ order_id: null, email: null });
  });
});
