import { expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { issuedRefund } from '../invoice/test-support.ts';
import { readOrder } from './read.ts';
import { client } from '../customer/test-support.ts';
import { pendingOrder } from './test-support.ts';

describeEachDatabase('a payment that came after the order’s hold ended, as the buyer sees it', (ctx) => {
  /** An order cancelled at the end of its hold whose payment arrived afterwards (as completePayment leaves it). */
  const latePaidOrder = async () => {
    const pending = await pendingOrder(ctx, { quantity: 2, priceCents: 28_900 });
    await ctx.db.kysely
      .updateTable('shop_order')
      .set({ status: 'cancelled', cancel_reason: 'hold_expired' })
      .where('id', '=', pending.order.id)
      .execute();
    await ctx.db.kysely
      .updateTable('payment')
      .set({ status: 'paid', refund_required: 1 })
      .where('id', '=', pending.payment.id)
      .execute();
    return pending;
  };
  const stateOf = async (incrementId: string, email: string) => {
    const reply = await client(ctx).post(`/api/orders/${incrementId}/state`, { email });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.result;
  };

  it('tells the return page and the account the money is to be refunded, then when it was refunded', async () => {
    const { order, email } = await latePaidOrder();
    expect(await stateOf(order.increment_id, email)).toMatchObject({
      state: 'failed',
      paymentStatus: 'paid',
      latePayment: { amount: 578, refundedAt: null },
    });
    expect((await readOrder(ctx.db, order.id))?.latePayment).toEqual({ amount: 578, refundedAt: null });

    // A part given back is not the whole: still to be refunded.
    await issuedRefund(ctx, order.id, 20_000, testNow);
    expect((await stateOf(order.increment_id, email)).latePayment).toEqual({ amount: 578, refundedAt: null });
    const later = new Date(testNow.getTime() + 86_400_000);
    await issuedRefund(ctx, order.id, 37_800, later);
    const refunded = { amount: 578, refundedAt: later.toISOString() };
    expect((await stateOf(order.increment_id, email)).latePayment).toEqual(refunded);
    expect((await readOrder(ctx.db, order.id))?.latePayment).toEqual(refunded);
  });

  it('says nothing of the kind for an order that expired unpaid', async () => {
    const { order, email } = await pendingOrder(ctx);
    await ctx.db.kysely
      .updateTable('shop_order')
      .set({ status: 'cancelled', cancel_reason: 'hold_expired' })
      .where('id', '=', order.id)
      .execute();
    expect(await stateOf(order.increment_id, email)).not.toHaveProperty('latePayment');
    expect(await readOrder(ctx.db, order.id)).not.toHaveProperty('latePayment');
  });
});
