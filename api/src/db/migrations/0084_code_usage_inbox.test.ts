import { expect, it } from 'vitest';
import { client } from '../../features/customer/test-support.ts';
import { courseOrder, insertCourse, orderByNumber } from '../../features/order/test-support.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { down, up } from './0084_code_usage_inbox.ts';

describeEachDatabase('migration 0084: code redemptions keep their inbox', (ctx) => {
  it('fills the inbox of existing redemptions from their address, aliases folded', async () => {
    const course = await insertCourse(ctx, { free: 3 });
    const reply = await client(ctx).post(
      '/api/cart/submit',
      courseOrder(course, 1, {
        emailAddress: 'a.lt+kurs@googlemail.com',
        discountCodes: ['WILLKOMMEN10'],
        expectedTotalPrice: 260.1,
      }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const order = await orderByNumber(ctx, reply.body.result.incrementId);
    await down(ctx.db.kysely);
    await up(ctx.db.kysely);
    const row = await ctx.db.kysely
      .selectFrom('discount_code_usage')
      .select(['email', 'inbox'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'a.lt+kurs@googlemail.com', inbox: 'alt@gmail.com' });
  });
});
