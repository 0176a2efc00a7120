import { describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, newEmail, type Reply } from '../customer/test-support.ts';
import { orderStateRateLimit } from './state-routes.ts';
import { choose, courseOrder, insertCourse, orderByNumber, paymentOf } from './test-support.ts';

/**
 * POST /api/orders/{incrementId}/state: the order's state only for its number together with its address, the
 * same 404 for an unknown number as for a wrong address, limited per client and per address.
 */
describeEachDatabase(
  'order state lookup (return page, confirmation)',
  (ctx) => {
    /** A guest order for a fresh course (578 € for two places unless the course is free). */
    const submit = async ({ priceCents = 28900, email = newEmail('gast') } = {}) => {
      const course = await insertCourse(ctx, { free: 5, priceCents });
      const body = courseOrder(course, 2, {
        emailAddress: email,
        ...(priceCents === 0 ? { selectedPaymentMethod: undefined } : {}),
      });
      const reply = await client(ctx).post('/api/cart/submit', body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const order = await orderByNumber(ctx, reply.body.result.incrementId);
      return { order, email, orderKey: reply.body.result.orderKey as string };
    };
    const lookup = (incrementId: string, email: unknown, c = client(ctx), orderKey?: string) =>
      c.post(`/api/orders/${encodeURIComponent(incrementId)}/state`, { email, orderKey });
    const expectNotFound = (reply: Reply) => {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Unknown order' } });
    };

    it('answers a pending order with its state, payment status, hold and total, and nothing more', async () => {
      const { order, email } = await submit();
      const reply = await lookup(order.increment_id, email);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        result: {
          incrementId: order.increment_id,
          state: 'pending',
          paymentStatus: 'pending',
          holdActive: true,
          totalPrice: 578,
          withdrawal: 'none',
        },
      });
    });

    it('compares the address trimmed and case-insensitively', async () => {
      const { order, email } = await submit();
      const reply = await lookup(order.increment_id, `  ${email.toUpperCase()} `);
      expect(reply.status).toBe(200);
      expect(reply.body.result.incrementId).toBe(order.increment_id);
    });

    it('answers an unknown number and a wrong address with the same 404', async () => {
      const { order } = await submit();
      const wrongAddress = await lookup(order.increment_id, 'someone.else@example.org');
      const unknownNumber = await lookup('999999', 'someone.else@example.org');
      expectNotFound(wrongAddress);
      expectNotFound(unknownNumber);
      expect(wrongAddress.body).toEqual(unknownNumber.body);
      expect(wrongAddress.headers['content-length']).toBe(unknownNumber.headers['content-length']);
      // Another order's address does not open this one either.
      const other = await submit();
      expectNotFound(await lookup(order.increment_id, other.email));
    });

    it('refuses a malformed address with 400 and a field error', async () => {
      const { order } = await submit();
      const reply = await lookup(order.increment_id, 'keine-adresse');
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
      expect(reply.body.error.fields).toHaveProperty('email');
      expect((await client(ctx).post(`/api/orders/${order.increment_id}/state`, {})).status).toBe(400);
    });

    it('refuses control characters in the order key with 400 and a field error, like every text of the contract', async () => {
      const { order, email, orderKey } = await submit();
      for (const control of ['\u0000', '\u001b', '\n']) {
        const reply = await lookup(order.increment_id, email, client(ctx), `${orderKey}${control}`);
        expect(reply.status).toBe(400);
        expect(reply.body.error.fields).toEqual({ orderKey: 'control_characters' });
      }
    });

    /** The booked course of `submit` as the confirmation lists it: when, and who takes part, by name only. */
    const testCourseBooking = {
      course: expect.objectContaining({
        titles: [{ language: 'de', description: 'Spanisch Testkurs' }],
        startTime: '18:00',
        endTime: '19:30',
      }),
      participants: [
        { firstname: 'Teil1', lastname: 'Nehmer' },
        { firstname: 'Teil2', lastname: 'Nehmer' },
      ],
    };

    /** What anyone who knows number and address learns of a paid order of 578 €. */
    const paidState = (incrementId: string) => ({
      incrementId,
      state: 'paid',
      paymentStatus: 'paid',
      holdActive: false,
      totalPrice: 578,
      withdrawal: 'none',
    });

    it('paid: state paid with the payment paid, the hold no longer running', async () => {
      const { order, email, orderKey } = await submit();
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      expect((await lookup(order.increment_id, email, client(ctx), orderKey)).body.result).toEqual({
        ...paidState(order.increment_id),
        // A paid order carries its prices for the confirmation page (docs/decisions/0034-one-price-presenter.md).
        prices: {
          discounts: [],
          positions: [
            {
              kind: 'course',
              titles: [{ language: 'de', description: 'Spanisch Testkurs' }],
              quantity: 2,
              unitPrice: 289,
              discount: 0,
              discountCodes: [],
              appliedCredits: 0,
            },
          ],
        },
        bookings: [testCourseBooking],
      });
    });

    it('lists a paid order’s prices only with the key its submit answered: number and address are not enough', async () => {
      const { order, email, orderKey } = await submit();
      expect(orderKey).toMatch(/^[\w-]{43}$/);
      await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
      const other = await submit();
      for (const key of [undefined, other.orderKey, orderKey.slice(0, -1)]) {
        const reply = await lookup(order.increment_id, email, client(ctx), key);
        expect(reply.status).toBe(200);
        expect(reply.body.result).toEqual(paidState(order.increment_id));
      }
      // Only the key's hash is stored.
      const row = await ctx.db.kysely
        .selectFrom('shop_order')
        .select('access_key_hash')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.access_key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(orderKey);
      // The key does not stand in for the address.
      expectNotFound(await lookup(order.increment_id, other.email, client(ctx), orderKey));
      // An oversized key is a field error, not a lookup.
      const long = await lookup(order.increment_id, email, client(ctx), 'x'.repeat(101));
      expect(long.status).toBe(400);
      expect(long.body.error.fields).toHaveProperty('orderKey');
    });

    for (const outcome of ['failed', 'canceled', 'expired'] as const) {
      it(`${outcome}: state failed, with the payment's own status`, async () => {
        const { order, email } = await submit();
        await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, outcome);
        expect((await lookup(order.increment_id, email)).body.result).toMatchObject({
          state: 'failed',
          paymentStatus: outcome,
          holdActive: false,
        });
      });
    }

    it('a free order is paid at once and has no payment', async () => {
      const { order, email, orderKey } = await submit({ priceCents: 0 });
      expect((await lookup(order.increment_id, email, client(ctx), orderKey)).body.result).toEqual({
        incrementId: order.increment_id,
        state: 'paid',
        paymentStatus: null,
        holdActive: false,
        totalPrice: 0,
        withdrawal: 'none',
        prices: {
          discounts: [],
          positions: [
            {
              kind: 'course',
              titles: [{ language: 'de', description: 'Spanisch Testkurs' }],
              quantity: 2,
              unitPrice: 0,
              discount: 0,
              discountCodes: [],
              appliedCredits: 0,
            },
          ],
        },
        bookings: [testCourseBooking],
      });
    });

    it('a pending order past its hold still waits (the sweep decides), but says its hold has ended', async () => {
      const { order, email } = await submit();
      await ctx.db.kysely
        .updateTable('shop_order')
        .set({ hold_expires_at: new Date(testNow.getTime() - 1000).toISOString() })
        .where('id', '=', order.id)
        .execute();
      expect((await lookup(order.increment_id, email)).body.result).toMatchObject({
        state: 'pending',
        holdActive: false,
      });
      await ctx.db.kysely.updateTable('shop_order').set({ status: 'cancelled' }).where('id', '=', order.id).execute();
      expect((await lookup(order.increment_id, email)).body.result).toMatchObject({
        state: 'failed',
        paymentStatus: 'pending',
      });
    });

    describe('rate limits', () => {
      const { perClient, perAddress } = orderStateRateLimit;
      const expectLimited = (reply: Reply, windowMs: number) => {
        expect(reply.status).toBe(429);
        expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
        expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
      };

      it(`allows ${perClient.max} lookups per client in ${perClient.timeWindowMs / 60_000} minutes, found or not`, async () => {
        const { order, email } = await submit();
        const c = client(ctx);
        for (let i = 0; i < perClient.max; i++)
          expect((await lookup(String(100000 + i), newEmail(), c)).status).toBe(404);
        expectLimited(await lookup(order.increment_id, email, c), perClient.timeWindowMs);
        // Another client still gets its answer.
        expect((await lookup(order.increment_id, email)).status).toBe(200);
      });

      it(`allows ${perAddress.max} lookups per address in ${perAddress.timeWindowMs / 60_000} minutes, from any number of clients`, async () => {
        const { order, email } = await submit();
        for (let i = 0; i < perAddress.max; i++) expect((await lookup(String(200000 + i), email)).status).toBe(404);
        expectLimited(await lookup(order.increment_id, email.toUpperCase()), perAddress.timeWindowMs);
      });
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
