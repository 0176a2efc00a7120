import { createHash } from 'node:crypto';
import { CourseType } from '@shop/shared/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { cheapHashing, client, mailsTo, settle, verifiedCustomer, type Client } from '../customer/test-support.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import {
  choose,
  courseOrder,
  freePlaces,
  insertCourse,
  orderByNumber,
  orderStatus,
  paymentOf,
  pendingOrder as pendingOrderOf,
  webhook,
} from '../order/test-support.ts';

/** The order confirmations among a mailbox's mails (the order-received mail of an unpaid submit comes first). */
const confirmations = <T extends { subject: string }>(mails: T[]) =>
  mails.filter((mail) => /^Ihre Bestellung \d+$/.test(mail.subject));

describeEachDatabase(
  'payments (sandbox provider, webhook, completion)',
  (ctx) => {
    let guest: Client;
    // A client of its own per test: one client may keep only a few unpaid orders open (order/unpaid-holds.ts).
    beforeEach(() => {
      guest = client(ctx);
    });
    const pendingOrder = (options?: Parameters<typeof pendingOrderOf>[1]) => pendingOrderOf(ctx, options);
    const statusOf = (orderId: number) => orderStatus(ctx, orderId);

    it('serves the hosted test page with one button per outcome, each marked as a test', async () => {
      const { link, order } = await pendingOrder();
      const response = await ctx.app.inject({ method: 'GET', url: new URL(link).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      for (const [outcome, label] of [
        ['paid', 'Testzahlung: bezahlt'],
        ['failed', 'Testzahlung: fehlgeschlagen'],
        ['canceled', 'Testzahlung: abgebrochen'],
        ['expired', 'Testzahlung: abgelaufen'],
      ]) {
        expect(response.body).toMatch(
          new RegExp(
            `<button class="shop-button [^"]+" type="submit" name="outcome" value="${outcome}">${label}</button>`,
          ),
        );
      }
      expect(response.body).toContain(order.increment_id);
    });

    it("speaks the order's language, looks like the shop and allows nothing but its own style and form", async () => {
      for (const [locale, heading, button, amount] of [
        ['en', 'Test payment', 'Test payment: paid', '€578.00'],
        ['es', 'Pago de prueba', 'Pago de prueba: pagado', '578,00\u00a0€'],
        ['de', 'Testzahlung', 'Testzahlung: bezahlt', '578,00\u00a0€'],
      ]) {
        const course = await insertCourse(ctx, { free: 2 });
        const reply = await guest.post('/api/cart/submit', courseOrder(course, 2, { locale }));
        const response = await ctx.app.inject({ method: 'GET', url: new URL(reply.body.result.paymentLink).pathname });
        expect(response.body).toContain(`<html lang="${locale}">`);
        expect(response.body).toContain(`<h1>${heading}</h1>`);
        expect(response.body).toContain(`value="paid">${button}</button>`);
        expect(response.body).toContain(amount);
        // The shop's design tokens, and no script at all.
        expect(response.body).toContain('--shop-color-primary: #b3261e;');
        expect(response.body).toContain('--shop-font:');
        expect(response.body).not.toMatch(/<script/i);
        const csp = response.headers['content-security-policy'] as string;
        const hash = createHash('sha256')
          .update(/<style>([\s\S]*?)<\/style>/.exec(response.body)![1]!)
          .digest('base64');
        expect(csp).toContain(`default-src 'none'; style-src 'sha256-${hash}'; form-action 'self' https://shop.test`);
        expect(csp).toContain("frame-ancestors 'self' https://shop.test");
      }
    });

    it('paid: order paid, back to the return page, confirmation mail with positions; a replayed webhook changes nothing', async () => {
      const { order, providerId, email } = await pendingOrder();
      const location = await choose(ctx, providerId, 'paid');
      expect(location).toBe(`https://shop.test/checkout-return/${order.increment_id}/${encodeURIComponent(email)}`);
      expect(await statusOf(order.id)).toBe('paid');
      expect((await paymentOf(ctx, order.id)).status).toBe('paid');
      for (let i = 0; i < 20; i++)
        expect(await webhook(ctx, { id: providerId })).toEqual({ status: 200, body: { result: { received: true } } });
      expect(await statusOf(order.id)).toBe('paid');
      await settle();
      // One confirmation (the order-received mail of the submit aside).
      const mails = confirmations(await mailsTo(ctx, email, { atLeast: 2 }));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Bestellnummer: ${order.increment_id}`);
      expect(mails[0]!.text).toContain('Teil2 Nehmer <teil2@example.org>');
      expect(mails[0]!.text).toMatch(/Gesamtsumme: 578\s€/);
      // Courses are exempt from VAT; the mail says so instead of "inkl. MwSt.".
      expect(mails[0]!.text).toContain('§ 4 Nr. 21 UStG');
      expect(mails[0]!.text).not.toContain('inkl. gesetzlicher MwSt.');
      expect(mails[0]!.text).toContain('14 Tagen');
      expect(mails[0]!.text).toContain('Mitteleuropäische Zeit (MEZ)');
    });

    it('20 concurrent webhook calls for a paid payment move the order once', async () => {
      const { order, providerId, email } = await pendingOrder();
      await ctx.db.kysely.updateTable('sandbox_payment').set({ status: 'paid' }).where('id', '=', providerId).execute();
      const replies = await Promise.all(Array.from({ length: 20 }, () => webhook(ctx, { id: providerId })));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(await statusOf(order.id)).toBe('paid');
      // The confirmation goes out only on the one call that moved the order.
      await settle();
      expect(confirmations(await mailsTo(ctx, email))).toHaveLength(1);
    });

    for (const outcome of ['failed', 'canceled', 'expired']) {
      it(`${outcome}: order cancelled, places and code redemptions released, back to the return page`, async () => {
        const { order, providerId, course, email } = await pendingOrder({
          free: 3,
          quantity: 2,
          discountCodes: ['SOMMER25'],
          discountCents: 2500,
        });
        expect(await freePlaces(ctx, course.id)).toBe(1);
        expect(await choose(ctx, providerId, outcome)).toBe(
          `https://shop.test/checkout-return/${order.increment_id}/${encodeURIComponent(email)}`,
        );
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await freePlaces(ctx, course.id)).toBe(3);
        expect(
          await ctx.db.kysely.selectFrom('discount_code_usage').select('id').where('order_id', '=', order.id).execute(),
        ).toEqual([]);
        // Forward only: the sandbox refuses a second decision and the shop ignores a replay.
        await choose(ctx, providerId, 'paid');
        expect((await paymentOf(ctx, order.id)).status).toBe(outcome);
        expect(await freePlaces(ctx, course.id)).toBe(3);
      });
    }

    it('never trusts the webhook body: only the provider status counts', async () => {
      const { order, providerId } = await pendingOrder();
      const reply = await webhook(ctx, { id: providerId, status: 'paid', amount: 0 });
      expect(reply).toEqual({ status: 200, body: { result: { received: true } } });
      expect(await statusOf(order.id)).toBe('payment_pending');
      expect((await paymentOf(ctx, order.id)).status).toBe('pending');
      // Unknown ids get the same answer as known ones: nothing to retry, nothing learned.
      expect(await webhook(ctx, { id: 'sbx_unknown' })).toEqual({ status: 200, body: { result: { received: true } } });
      expect((await webhook(ctx, {})).status).toBe(400);
    });

    it('takes the webhook as a form post too, as providers send it', async () => {
      const { order, providerId } = await pendingOrder();
      await ctx.db.kysely
        .updateTable('sandbox_payment')
        .set({ status: 'failed' })
        .where('id', '=', providerId)
        .execute();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${providerId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(order.id)).toBe('cancelled');
    });

    it('refuses a payment whose amount differs from the order', async () => {
      const { order, providerId } = await pendingOrder();
      await ctx.db.kysely
        .updateTable('sandbox_payment')
        .set({ status: 'paid', amount_cents: 100 })
        .where('id', '=', providerId)
        .execute();
      expect((await webhook(ctx, { id: providerId })).status).toBe(200);
      expect(await statusOf(order.id)).toBe('payment_pending');
      expect((await paymentOf(ctx, order.id)).status).toBe('pending');
    });

    it('records money for an order already cancelled and flags it for refund', async () => {
      const { order, providerId } = await pendingOrder();
      await ctx.db.kysely.transaction().execute((trx) => cancelPendingOrder(trx, order.id, 'hold_expired'));
      await ctx.db.kysely.updateTable('sandbox_payment').set({ status: 'paid' }).where('id', '=', providerId).execute();
      expect((await webhook(ctx, { id: providerId })).status).toBe(200);
      expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
      expect(await statusOf(order.id)).toBe('cancelled');
    });

    describe('packages', () => {
      it('are credited to the balance when paid, valid 12 months; a conversation course then costs 0 € with the credit', async () => {
        const customer = await verifiedCustomer(ctx, guest);
        const buy = await guest.post(
          '/api/cart/submit',
          {
            ...courseOrder({ id: 0, type: 1 }, 1),
            courses: [],
            packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
            expectedTotalPrice: 115,
          },
          customer.token,
        );
        expect(buy.status, JSON.stringify(buy.body)).toBe(200);
        const order = await orderByNumber(ctx, buy.body.result.incrementId);
        expect((await guest.get('/api/customer/me/balances', customer.token)).body.result).toContainEqual({
          typeId: CourseType.conversationHours,
          balance: 0,
        });
        await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'paid');
        expect((await guest.get('/api/customer/me/balances', customer.token)).body.result).toContainEqual({
          typeId: CourseType.conversationHours,
          balance: 5,
        });
        const credited = await ctx.db.kysely
          .selectFrom('customer_balance')
          .selectAll()
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(credited.valid_until).toBe('2027-01-15T09:00:00.000Z');

        const conversation = await insertCourse(ctx, { type: CourseType.conversationHours, free: 3, priceCents: 2500 });
        const book = await guest.post(
          '/api/cart/submit',
          courseOrder(conversation, 1, { selectedPaymentMethod: undefined, expectedTotalPrice: 0 }),
          customer.token,
        );
        expect(book.status, JSON.stringify(book.body)).toBe(200);
        expect(book.body.result.paymentLink).toBeNull();
        expect((await guest.get('/api/customer/me/balances', customer.token)).body.result).toContainEqual({
          typeId: CourseType.conversationHours,
          balance: 4,
        });
      });

      it('a cancelled order gives spent credits back', async () => {
        const customer = await verifiedCustomer(ctx, guest);
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
        const conversation = await insertCourse(ctx, { type: CourseType.conversationHours, free: 3, priceCents: 2500 });
        // Two hours, one paid with the credit, one with money: the order waits for its payment.
        const reply = await guest.post(
          '/api/cart/submit',
          courseOrder(conversation, 2, { expectedTotalPrice: 25 }),
          customer.token,
        );
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const order = await orderByNumber(ctx, reply.body.result.incrementId);
        expect(order.total_price_cents).toBe(2500);
        expect((await guest.get('/api/customer/me/balances', customer.token)).body.result).toContainEqual({
          typeId: CourseType.conversationHours,
          balance: 0,
        });
        await choose(ctx, (await paymentOf(ctx, order.id)).transaction_id!, 'canceled');
        expect((await guest.get('/api/customer/me/balances', customer.token)).body.result).toContainEqual({
          typeId: CourseType.conversationHours,
          balance: 1,
        });
        expect(await freePlaces(ctx, conversation.id)).toBe(3);
      });
    });
  },
  { app: { passwordHashing: cheapHashing, now: () => testNow, shopUrl: 'https://shop.test' } },
);
