import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { choose, pendingOrder } from '../order/test-support.ts';

describeEachDatabase('invoices', (ctx) => {
  it('issues an invoice when an order is paid', async () => {
    const { order, providerId } = await pendingOrder(ctx);
    await choose(ctx, providerId, 'paid');
    expect(order).toBeTruthy();
  });
});
