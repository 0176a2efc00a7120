import { CourseType } from '@shop/shared/contract';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, movableClock, verifiedCustomer } from '../customer/test-support.ts';
import { sweepExpiredHolds } from './hold-sweep.ts';
import { courseOrder, freePlaces, insertCourse, orderByNumber, paymentOf, webhook } from './test-support.ts';

/**
 * The hold of these tests: one minute, on a clock the tests move. Only ever forward: the app sweeps every 20 ms,
 * and a sweep that read the clock before a reset could still be running after it, and would cancel the next
 * test's fresh order as if its hour had come (it did once on PostgreSQL, in CI, under load).
 */
const holdSeconds = 60;
const clock = movableClock();
const logLines: string[] = [];

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (done(value)) return value;
    if (attempt > 200) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describeEachDatabase(
  'payment holds expire (the sweep)',
  (ctx) => {
    beforeEach(() => {
      logLines.length = 0;
    });
    const guest = () => client(ctx);
    const statusOf = async (orderId: number) =>
      ctx.db.kysely
        .selectFrom('shop_order')
        .select(['status', 'cancel_reason'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    const cancelledBySweep = (orderId: number) =>
      waitFor(
        () => statusOf(orderId),
        (row) => row.status === 'cancelled',
        `order ${orderId} to be cancelled`,
      );
    const logged = (pattern: RegExp) => logLines.filter((line) => pattern.test(line));

    async function submit(order: Record<string, unknown>, token?: string) {
      const reply = await guest().post('/api/cart/submit', order, token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return orderByNumber(ctx, reply.body.result.incrementId);
    }

    it('holds places, credits and code redemptions until the hold ends, then cancels the order and releases all of them', async () => {
      const c = guest();
      const customer = await verifiedCustomer(ctx, c);
      const me = await ctx.db.kysely
        .selectFrom('customer')
        .select('id')
        .where('email', '=', customer.email)
        .executeTakeFirstOrThrow();
      await ctx.db.kysely
        .insertInto('customer_balance')
        .values({
          customer_id: me.id,
          type_id: CourseType.conversationHours,
          balance: 1,
          valid_from: '2026-01-01T00:00:00.000Z',
          valid_until: '2027-01-01T00:00:00.000Z',
          order_id: null,
        })
        .execute();
      const full = await insertCourse(ctx, { free: 5 });
      const conversation = await insertCourse(ctx, { type: CourseType.conversationHours, free: 4, priceCents: 2500 });
      const request = courseOrder(full, 2, { discountCodes: ['WILLKOMMEN10'] });
      request.courses.push(courseOrder(conversation, 2).courses[0]!);
      // 2 × 289 € less 10 %, plus one conversation hour paid by the credit and one at 25 € less 10 %.
      request.expectedTotalPrice = 542.7;
      const order = await submit(request, customer.token);
      expect(order.hold_expires_at).toBe(new Date(clock.now().getTime() + holdSeconds * 1000).toISOString());
      const balance = async () =>
        (await c.get('/api/customer/me/balances', customer.token)).body.result as { typeId: number; balance: number }[];
      const codeUses = () =>
        ctx.db.kysely.selectFrom('discount_code_usage').select('id').where('order_id', '=', order.id).execute();
      expect([await freePlaces(ctx, full.id), await freePlaces(ctx, conversation.id)]).toEqual([3, 2]);
      expect(await balance()).toContainEqual({ typeId: CourseType.conversationHours, balance: 0 });
      expect(await codeUses()).toHaveLength(1);

      // A second before the end, several sweeps later: still held.
      clock.advance((holdSeconds - 1) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await statusOf(order.id)).toEqual({ status: 'payment_pending', cancel_reason: null });

      clock.advance(1000);
      expect(await cancelledBySweep(order.id)).toEqual({ status: 'cancelled', cancel_reason: 'hold_expired' });
      expect([await freePlaces(ctx, full.id), await freePlaces(ctx, conversation.id)]).toEqual([5, 4]);
      expect(await balance()).toContainEqual({ typeId: CourseType.conversationHours, balance: 1 });
      expect(await codeUses()).toEqual([]);
      // The payment stays open at the provider's side of the books: a late "paid" is still recorded.
      expect((await paymentOf(ctx, order.id)).status).toBe('pending');
      expect(logged(new RegExp(`Payment hold expired: order ${order.increment_id} cancelled`))).toHaveLength(1);

      // The account shows when the hold ended and why the order was cancelled.
      const [listed] = (await c.get('/api/customer/me/orders', customer.token)).body.result;
      expect(listed).toMatchObject({
        incrementId: order.increment_id,
        status: 'cancelled',
        holdExpiresAt: order.hold_expires_at,
        cancelReason: 'hold_expired',
      });
    });

    it('shows the released places in the course search at once (its cached answers are dropped)', async () => {
      const course = await insertCourse(ctx, { free: 4, priceCents: 31_337 });
      const search = async () => {
        const reply = await guest().get('/api/course/search?type=1&priceMin=313.37&priceMax=313.37&limit=100');
        return (reply.body.result.items as { id: number; freePlaces: number }[]).find((item) => item.id === course.id)!
          .freePlaces;
      };
      const order = await submit(courseOrder(course, 3));
      expect(await search()).toBe(1);
      clock.advance(holdSeconds * 1000);
      await cancelledBySweep(order.id);
      expect(await search()).toBe(4);
    });

    it('records a payment reported paid after its order expired, flags it for refund and logs it loudly for the operator', async () => {
      const course = await insertCourse(ctx, { free: 3 });
      const order = await submit(courseOrder(course, 2));
      const { transaction_id: providerId } = await paymentOf(ctx, order.id);
      clock.advance(holdSeconds * 1000);
      await cancelledBySweep(order.id);
      expect(await freePlaces(ctx, course.id)).toBe(3);

      // The sandbox's page says the time is up, and a payment now would be refunded.
      const page = await ctx.app.inject({ method: 'GET', url: `/api/payments/sandbox/${providerId}` });
      expect(page.body).toContain('Die Zahlungsfrist dieser Bestellung ist abgelaufen');

      // The buyer pays anyway (the provider reports paid).
      await ctx.db.kysely
        .updateTable('sandbox_payment')
        .set({ status: 'paid' })
        .where('id', '=', providerId!)
        .execute();
      // The webhook answers every id alike; what it did shows in the payment and the log.
      expect((await webhook(ctx, { id: providerId })).status).toBe(200);
      expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
      expect(await statusOf(order.id)).toEqual({ status: 'cancelled', cancel_reason: 'hold_expired' });
      expect(await freePlaces(ctx, course.id)).toBe(3);
      const [alert] = logged(/REFUND_REQUIRED/);
      expect(JSON.parse(alert!)).toMatchObject({
        level: 50,
        alert: 'REFUND_REQUIRED',
        orderNumber: order.increment_id,
        provider: 'sandbox',
        providerPaymentId: providerId,
        amountCents: 57_800,
        cancelReason: 'hold_expired',
        msg: `REFUND REQUIRED: sandbox payment ${providerId} of 578.00 EUR arrived for order ${order.increment_id}, which was cancelled (hold_expired); refund it at the provider`,
      });
      // A replay changes nothing and does not log again.
      expect((await webhook(ctx, { id: providerId })).status).toBe(200);
      expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
      expect(logged(/REFUND_REQUIRED/)).toHaveLength(1);
    });

    it('treats an order without a recorded hold (made before holds existed) as expired', async () => {
      const course = await insertCourse(ctx, { free: 2 });
      const order = await submit(courseOrder(course, 1));
      await ctx.db.kysely.updateTable('shop_order').set({ hold_expires_at: null }).where('id', '=', order.id).execute();
      expect(await cancelledBySweep(order.id)).toEqual({ status: 'cancelled', cancel_reason: 'hold_expired' });
      expect(await freePlaces(ctx, course.id)).toBe(2);
    });

    it('a payment completing while the sweep runs: each order ends either paid with its places or cancelled with them released and the money flagged', async () => {
      const course = await insertCourse(ctx, { free: 10 });
      const orders: Awaited<ReturnType<typeof submit>>[] = [];
      for (let i = 0; i < 8; i++) orders.push(await submit(courseOrder(course, 1)));
      const providerIds = await Promise.all(
        orders.map(async (order) => (await paymentOf(ctx, order.id)).transaction_id!),
      );
      await ctx.db.kysely
        .updateTable('sandbox_payment')
        .set({ status: 'paid' })
        .where('id', 'in', providerIds)
        .execute();
      clock.advance(holdSeconds * 1000);
      // The webhooks race the background sweep and an extra sweep of their own.
      await Promise.all([
        ...providerIds.map((id) => webhook(ctx, { id })),
        sweepExpiredHolds(ctx.db.kysely, clock.now()),
      ]);
      let paid = 0;
      for (const order of orders) {
        const { status } = await statusOf(order.id);
        const payment = await paymentOf(ctx, order.id);
        expect(payment.status).toBe('paid');
        if (status === 'paid') paid++;
        else expect({ status, refund: payment.refund_required }).toEqual({ status: 'cancelled', refund: 1 });
        if (status === 'paid') expect(payment.refund_required).toBe(0);
      }
      expect(await freePlaces(ctx, course.id)).toBe(10 - paid);
    });

    it('two sweeps at once cancel each order once and release each place once', async () => {
      const courses = [await insertCourse(ctx, { free: 6 }), await insertCourse(ctx, { free: 6 })];
      const orders: Awaited<ReturnType<typeof submit>>[] = [];
      for (let i = 0; i < 6; i++) orders.push(await submit(courseOrder(courses[i % 2]!, 1)));
      expect([await freePlaces(ctx, courses[0]!.id), await freePlaces(ctx, courses[1]!.id)]).toEqual([3, 3]);
      // Past the hold, but before this app's own sweep looks again: two more sweeps race it.
      clock.advance(holdSeconds * 1000);
      const [a, b] = await Promise.all([
        sweepExpiredHolds(ctx.db.kysely, clock.now()),
        sweepExpiredHolds(ctx.db.kysely, clock.now()),
      ]);
      await Promise.all(orders.map((order) => cancelledBySweep(order.id)));
      const byBackground = logged(/Payment hold expired/).map((line) => JSON.parse(line).orderNumber as string);
      const cancellations = [...a.map((o) => o.incrementId), ...b.map((o) => o.incrementId), ...byBackground].filter(
        (n) => orders.some((o) => o.increment_id === n),
      );
      expect(cancellations.sort()).toEqual(orders.map((order) => order.increment_id).sort());
      expect([await freePlaces(ctx, courses[0]!.id), await freePlaces(ctx, courses[1]!.id)]).toEqual([6, 6]);
    });
  },
  {
    app: {
      passwordHashing: cheapHashing,
      now: clock.now,
      shopUrl: 'https://shop.test',
      paymentHoldSeconds: holdSeconds,
      holdSweepIntervalMs: 20,
      catalogCacheMs: 60_000,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    },
  },
);
