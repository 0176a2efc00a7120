import { describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, newEmail, verifiedCustomer, type Reply } from '../customer/test-support.ts';
import { choose, courseOrder, freePlaces, insertCourse, orderByNumber, paymentOf } from './test-support.ts';

/**
 * POST /api/orders/{incrementId}/release: back from the payment page, the buyer changes the order instead of paying
 * it. Its places are free at once; only the browser that submitted it (address and order key) can do it.
 */
describeEachDatabase(
  'releasing an order that waits for its payment',
  (ctx) => {
    const submit = async () => {
      const email = newEmail('gast');
      const course = await insertCourse(ctx, { free: 5, priceCents: 28900 });
      const reply = await client(ctx).post('/api/cart/submit', courseOrder(course, 2, { emailAddress: email }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      return { course, order, email, orderKey: reply.body.result.orderKey as string };
    };
    const release = (incrementId: string, body: unknown) =>
      client(ctx).post(`/api/orders/${encodeURIComponent(incrementId)}/release`, body);
    const expectNotFound = (reply: Reply) => {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Unknown order' } });
    };

    it('cancels the waiting order and gives its places back at once', async () => {
      const { course, order, email, orderKey } = await submit();
      expect(await freePlaces(ctx, course.id)).toBe(3);
      const reply = await release(order.increment_id, { email: ` ${email.toUpperCase()}`, orderKey });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.result).toMatchObject({ incrementId: order.increment_id, state: 'failed', holdActive: false });
      expect(await freePlaces(ctx, course.id)).toBe(5);
      expect(await orderByNumber(ctx, order.increment_id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'changed_by_buyer',
      });
      // Again: nothing more is given back.
      expect((await release(order.increment_id, { email, orderKey })).body.result.state).toBe('failed');
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it('needs the address and the order’s key: a number and an address alone release nothing', async () => {
      const { course, order, email, orderKey } = await submit();
      const other = await submit();
      expectNotFound(await release(order.increment_id, { email, orderKey: other.orderKey }));
      expectNotFound(await release(order.increment_id, { email: other.email, orderKey }));
      expectNotFound(await release('999999', { email, orderKey }));
      const withoutKey = await release(order.increment_id, { email });
      expect(withoutKey.status).toBe(400);
      expect(withoutKey.body.error.fields).toHaveProperty('orderKey');
      expect(await freePlaces(ctx, course.id)).toBe(3);
      expect((await orderByNumber(ctx, order.increment_id)).status).toBe('payment_pending');
    });

    it('leaves a paid order as it is', async () => {
      const { course, order, email, orderKey } = await submit();
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      const reply = await release(order.increment_id, { email, orderKey });
      expect(reply.status).toBe(200);
      expect(reply.body.result.state).toBe('paid');
      expect(await freePlaces(ctx, course.id)).toBe(3);
    });

    it('a payment that still arrives after the release is recorded and the order stays cancelled', async () => {
      const { course, order, email, orderKey } = await submit();
      await release(order.increment_id, { email, orderKey });
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      expect((await orderByNumber(ctx, order.increment_id)).status).toBe('cancelled');
      expect(await freePlaces(ctx, course.id)).toBe(5);
    });

    it('gives the buying browser the order’s calendar file, with every lesson of its course', async () => {
      const { order, email, orderKey } = await submit();
      const reply = await client(ctx).post(`/api/orders/${order.increment_id}/calendar`, { email, orderKey });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.result.filename).toBe(`bestellung-${order.increment_id}.ics`);
      expect(reply.body.result.content).toContain('BEGIN:VTIMEZONE');
      expect(reply.body.result.content).toMatch(/UID:order-\d+-booking-\d+@sprachschule\.example/);
      const other = await submit();
      expectNotFound(
        await client(ctx).post(`/api/orders/${order.increment_id}/calendar`, { email, orderKey: other.orderKey }),
      );
    });

    it('gives a customer the calendar file of their own orders only', async () => {
      const c = client(ctx);
      const customer = await verifiedCustomer(ctx, c);
      const stranger = await verifiedCustomer(ctx, client(ctx));
      const course = await insertCourse(ctx, { free: 5, priceCents: 28900 });
      const { emailAddress: _guestOnly, ...body } = courseOrder(course, 1, {});
      const placed = await c.post('/api/cart/submit', body, customer.token);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const order = await orderByNumber(ctx, placed.body.result.incrementId);
      const url = `/api/customer/me/orders/${order.id}/calendar`;
      const own = await c.get(url, customer.token);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.result.content).toContain('RRULE:FREQ=WEEKLY');
      expectNotFound(await client(ctx).get(url, stranger.token));
      expect((await client(ctx).get(url)).status).toBe(401);
    });

    describe('limits', () => {
      it('is limited like the state lookup', async () => {
        const { order, email, orderKey } = await submit();
        const replies: number[] = [];
        for (let i = 0; i < 101; i++) replies.push((await release(order.increment_id, { email, orderKey })).status);
        expect(replies.at(-1)).toBe(429);
      });
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
