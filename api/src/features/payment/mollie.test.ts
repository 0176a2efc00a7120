import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow, type TestContext } from '../../test/databases.ts';
import { startFakeMollie } from '../../test/fake-mollie/server.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import { cheapHashing, client, mailsTo, movableClock, settle } from '../customer/test-support.ts';
import {
  courseOrder,
  freePlaces,
  insertCourse,
  orderByNumber,
  orderCount,
  orderStatus,
  paymentOf,
  pendingOrder as pendingOrderOf,
} from '../order/test-support.ts';
import { holdSweepJob } from '../order/hold-sweep.ts';
import { askAgainAboutExpiredPayments, cancelPaymentOfExpiredOrder } from './cancel-expired.ts';
import { captureJob } from './capture.ts';
import { defaultProviderTimeoutMs, guardedProvider } from './guarded-provider.ts';
import { mollieProvider } from './mollie-provider.ts';

/** The order confirmations among a mailbox's mails (the order-received mail of the submit aside). */
const confirmations = <T extends { subject: string }>(mails: T[]) =>
  mails.filter((mail) => /^Ihre Bestellung \d+$/.test(mail.subject));

// This file starts a fake Mollie API with a self-signed certificate, which Mollie's client (it trusts only its own
// bundled CAs) accepts only with certificate checks off: set here, for this test process only.
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const clock = movableClock();
const fake = await startFakeMollie({ now: clock.now });
afterAll(async () => {
  await fake.close();
  if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
});

const shopUrl = 'https://shop.example';
/** What the app logs at error level (its operator alerts among them), one parsed line each. */
const appErrors: Record<string, unknown>[] = [];
/** The alerts the app raised about one provider payment. */
const alertsAbout = (providerPaymentId: string) =>
  appErrors.filter((line) => line.alert !== undefined && line.providerPaymentId === providerPaymentId);
const allMethods = ['eps', 'creditcard', 'paybybank', 'klarna', 'applepay', 'banktransfer'];
const tenMinutes = 10 * 60 * 1000;

/** Mollie's webhook call: a form post with the payment id, nothing else. */
async function mollieWebhook(ctx: TestContext, body: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/mollie',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

describeEachDatabase(
  'payments through Mollie (fake Mollie Payments API)',
  (ctx) => {
    beforeAll(async () => {
      // The fake reaches this database's shop through inject (SHOP_URL is not a real host).
      fake.deliverWebhook = async (webhookUrl, body) => {
        expect(webhookUrl).toBe('https://shop.example/api/payments/webhook/mollie');
        expect((await mollieWebhook(ctx, body)).status).toBe(200);
      };
      // The shop asks for the enabled methods when it starts; a first price waits for that answer.
      const course = await insertCourse(ctx);
      const price = await client(ctx).post('/api/cart/calculate-price', {
        courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }],
        locale: 'de',
      });
      expect(price.body.result.paymentMethods).toHaveLength(4);
    });
    beforeEach(() => {
      fake.mode = 'ok';
      fake.enabledMethods = [...allMethods];
    });

    const submit = (body: Record<string, unknown>) => client(ctx).post('/api/cart/submit', body);
    const pendingOrder = (options?: Parameters<typeof pendingOrderOf>[1]) => pendingOrderOf(ctx, options);
    const statusOf = (orderId: number) => orderStatus(ctx, orderId);
    const createRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments');

    const provider = guardedProvider(mollieProvider({ apiKey: 'test_fakeMollieKey1', apiUrl: fake.apiUrl, shopUrl }));
    /** The refund alerts the sweep raised, as the app's logger would get them. */
    const alerts: { alert: string; providerPaymentId: string }[] = [];
    const alertLog = { error: (fields: (typeof alerts)[number]) => alerts.push(fields) } as never;
    const sweep = () =>
      holdSweepJob({
        db: ctx.db.kysely,
        now: clock.now,
        everyMs: 1000,
        log: { info: () => {}, warn: () => {} } as never,
        onCancelled: () => {},
        cancelProviderPayment: (orderId) =>
          cancelPaymentOfExpiredOrder(ctx.db.kysely, provider, orderId, { now: clock.now, log: alertLog }),
        askAgainAboutPayments: () =>
          askAgainAboutExpiredPayments(ctx.db.kysely, provider, { now: clock.now, log: alertLog }),
      }).run(new AbortController().signal);
    const cancelRequests = (id: string) =>
      fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v2/payments/${id}`);
    /** Sweeps `ms` after now, then puts the clock back where the other tests had it. */
    const sweepAfter = async (ms: number) => {
      clock.advance(ms);
      try {
        await sweep();
      } finally {
        clock.advance(-ms);
      }
    };
    const holdMs = 1800 * 1000;
    /** Sweeps just after the hold ended. */
    const expire = () => sweepAfter(holdMs + 1);

    describe('creating the payment', () => {
      it('sends amount, description, return and webhook URLs, locale, method and the order id, as the Payments API documents', async () => {
        const before = createRequests().length;
        const { order, payment, email, providerId, link, course } = await pendingOrder({
          priceCents: 37215,
          quantity: 2,
          locale: 'en',
          method: 'eps',
        });
        const { identifier } = await ctx.db.kysely
          .selectFrom('course')
          .select('identifier')
          .where('id', '=', course.id)
          .executeTakeFirstOrThrow();
        const sent = createRequests().slice(before);
        expect(sent).toHaveLength(1);
        expect(sent[0]!.headers.authorization).toBe('Bearer test_fakeMollieKey1');
        expect(sent[0]!.body).toEqual({
          amount: { currency: 'EUR', value: '744.30' },
          description: `Order ${order.increment_id}`,
          redirectUrl: `https://shop.example/checkout-return/${order.increment_id}/${encodeURIComponent(email)}`,
          webhookUrl: 'https://shop.example/api/payments/webhook/mollie',
          locale: 'en_US',
          method: 'eps',
          metadata: { orderId: order.id, orderNumber: order.increment_id },
          lines: [
            {
              type: 'digital',
              description: `2 × Spanisch Testkurs (${identifier})`,
              quantity: 1,
              unitPrice: { currency: 'EUR', value: '744.30' },
              totalAmount: { currency: 'EUR', value: '744.30' },
            },
          ],
          billingAddress: {
            givenName: 'Ana',
            familyName: 'García',
            streetAndNumber: 'Hauptstr. 1',
            postalCode: '10115',
            city: 'Berlin',
            country: 'DE',
            email,
          },
        });
        // The Payments API takes no expiry for these methods: the order's hold is the limit (decision record 0002).
        expect(order.hold_expires_at).toBe(new Date(clock.now().getTime() + 1800 * 1000).toISOString());
        expect(payment).toMatchObject({
          provider: 'mollie',
          method: 'eps',
          status: 'pending',
          amount_cents: 74430,
          payment_link: link,
        });
        expect(link).toBe(`${fake.origin}/checkout/${providerId}`);
        expect(providerId).toMatch(/^tr_/);
        expect(fake.payments.get(providerId)?.status).toBe('open');
      });

      it('speaks the order language on Mollie page: de_DE and es_ES with a description naming the order number', async () => {
        for (const [locale, mollieLocale, word] of [
          ['de', 'de_DE', 'Bestellung'],
          ['es', 'es_ES', 'Pedido'],
        ] as const) {
          const before = createRequests().length;
          const { order } = await pendingOrder({ locale, method: 'paybybank' });
          expect(createRequests()[before]!.body).toMatchObject({
            locale: mollieLocale,
            description: `${word} ${order.increment_id}`,
            method: 'paybybank',
            amount: { value: '578.00' },
          });
        }
      });
    });

    it('Klarna: the lines and the billing address it requires, adding up to the amount with a discount code', async () => {
      const before = createRequests().length;
      const { order } = await pendingOrder({
        method: 'klarna',
        quantity: 2,
        discountCodes: ['SOMMER25'],
        discountCents: 2500,
      });
      const body = createRequests()[before]!.body as {
        amount: { value: string };
        lines: { totalAmount: { value: string }; discountAmount?: { value: string } }[];
      };
      expect(body.amount.value).toBe((order.total_price_cents / 100).toFixed(2));
      expect(order.total_price_cents).toBeLessThan(57800);
      const sum = body.lines.reduce((total, line) => total + Math.round(Number(line.totalAmount.value) * 100), 0);
      expect(sum).toBe(order.total_price_cents);
    });

    describe('the webhook', () => {
      it('paid: asks Mollie, moves the order to paid and mails once; replays change nothing', async () => {
        const { order, providerId, email } = await pendingOrder();
        await fake.decide(providerId, 'paid');
        expect(await statusOf(order.id)).toBe('paid');
        expect((await paymentOf(ctx, order.id)).status).toBe('paid');
        for (let i = 0; i < 5; i++)
          expect(await mollieWebhook(ctx, `id=${providerId}`)).toEqual({
            status: 200,
            body: { result: { received: true } },
          });
        expect(await statusOf(order.id)).toBe('paid');
        await settle();
        expect(confirmations(await mailsTo(ctx, email, { atLeast: 2 }))).toHaveLength(1);
      });

      it('the hosted page: its "paid" button calls the webhook, then sends the browser back to the return page', async () => {
        const { order, link, email } = await pendingOrder();
        const page = await fetch(link);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(`Bestellung ${order.increment_id}`);
        for (const outcome of ['paid', 'failed', 'canceled', 'expired'])
          expect(html).toContain(`<button type="submit" name="status" value="${outcome}">${outcome}</button>`);
        const pressed = await fetch(link, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'status=paid',
          redirect: 'manual',
        });
        expect(pressed.status).toBe(303);
        expect(pressed.headers.get('location')).toBe(
          `https://shop.example/checkout-return/${order.increment_id}/${encodeURIComponent(email)}`,
        );
        expect(await statusOf(order.id)).toBe('paid');
        expect(await (await fetch(link)).text()).toContain('Status: <strong>paid</strong>');
      });

      it('20 parallel webhook calls for a paid payment change the order once', async () => {
        const { order, providerId, email, course } = await pendingOrder({ free: 4, quantity: 2 });
        fake.setStatus(providerId, 'paid');
        const replies = await Promise.all(Array.from({ length: 20 }, () => mollieWebhook(ctx, `id=${providerId}`)));
        // On a busy machine a call may outwait the provider timeout: 503, which Mollie answers by calling again.
        expect(replies.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('paid');
        expect(await freePlaces(ctx, course.id)).toBe(2);
        await settle();
        expect(confirmations(await mailsTo(ctx, email, { atLeast: 2 }))).toHaveLength(1);
      });

      for (const outcome of ['failed', 'canceled', 'expired'] as const) {
        it(`${outcome}: the order is cancelled and releases its places and code redemptions, once`, async () => {
          const { order, providerId, course } = await pendingOrder({
            free: 3,
            quantity: 2,
            discountCodes: ['SOMMER25'],
            discountCents: 2500,
          });
          expect(await freePlaces(ctx, course.id)).toBe(1);
          await fake.decide(providerId, outcome);
          expect(await statusOf(order.id)).toBe('cancelled');
          expect((await paymentOf(ctx, order.id)).status).toBe(outcome);
          expect(await freePlaces(ctx, course.id)).toBe(3);
          expect(
            await ctx.db.kysely
              .selectFrom('discount_code_usage')
              .select('id')
              .where('order_id', '=', order.id)
              .execute(),
          ).toEqual([]);
          await Promise.all(Array.from({ length: 5 }, () => mollieWebhook(ctx, `id=${providerId}`)));
          expect(await freePlaces(ctx, course.id)).toBe(3);
        });
      }

      it('open (or pending): nothing changes yet', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1 });
        for (const status of ['open', 'pending'] as const) {
          fake.setStatus(providerId, status);
          expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
          expect(await statusOf(order.id)).toBe('payment_pending');
          expect((await paymentOf(ctx, order.id)).status).toBe('pending');
        }
        expect(await freePlaces(ctx, course.id)).toBe(2);
      });

      it('never trusts the body: only the status Mollie reports counts', async () => {
        const { order, providerId } = await pendingOrder();
        expect((await mollieWebhook(ctx, `id=${providerId}&status=paid&amount=0`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('payment_pending');
      });

      it('answers 200 for ids it does not know, without asking Mollie, and changes nothing', async () => {
        const { order } = await pendingOrder();
        const asked = fake.requests.length;
        for (const id of ['tr_unknown123', 'tr_', 'sbx_123', '../../v2/methods', 'x'.repeat(200)]) {
          expect(await mollieWebhook(ctx, new URLSearchParams({ id }).toString())).toEqual({
            status: 200,
            body: { result: { received: true } },
          });
        }
        expect(fake.requests.length).toBe(asked);
        // A payment Mollie knows but this shop never recorded (another shop on the account, a withdrawn order).
        const stranger = await mollieProvider({
          apiKey: 'test_fakeMollieKey1',
          apiUrl: fake.apiUrl,
          shopUrl,
        }).createPayment({
          amountCents: 100,
          reference: '999999',
          orderId: 999999,
          email: 'fremd@example.org',
          billingAddress: {
            firstname: 'A',
            lastname: 'B',
            addressLine1: 'C 1',
            addressLine2: '',
            zip: '10115',
            city: 'Berlin',
            country: 'DE',
          },
          lines: [
            {
              kind: 'digital',
              description: 'Kurs',
              quantity: 1,
              unitPriceCents: 100,
              discountCents: 0,
              totalCents: 100,
            },
          ],
          locale: 'de',
          expiresAt: testNow,
          method: 'creditcard',
        });
        fake.setStatus(stranger.id, 'paid');
        expect((await mollieWebhook(ctx, `id=${stranger.id}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('payment_pending');
        expect((await mollieWebhook(ctx, '')).status).toBe(400);
      });

      it('answers 503 while Mollie cannot be asked (Mollie calls again later); nothing changes', async () => {
        const { order, providerId } = await pendingOrder();
        fake.setStatus(providerId, 'paid');
        fake.mode = 'error';
        const reply = await mollieWebhook(ctx, `id=${providerId}`);
        expect(reply.status).toBe(503);
        expect(reply.body).toMatchObject({ error: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' } });
        expect(await statusOf(order.id)).toBe('payment_pending');
        fake.mode = 'ok';
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('paid');
      });
    });

    describe('a paid report that does not match what the order owes', () => {
      it('another amount books nothing: the places stay held, the operator is alerted once per report; when the hold ends the money is flagged for refund', async () => {
        const { order, providerId, course, email } = await pendingOrder({ free: 3, quantity: 1 });
        // Mollie reports 1.00 EUR paid for an order of 289.00 EUR.
        fake.payments.get(providerId)!.amount = { currency: 'EUR', value: '1.00' };
        await fake.decide(providerId, 'paid');
        expect(await statusOf(order.id)).toBe('payment_pending');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending', refund_required: 0 });
        expect(await freePlaces(ctx, course.id)).toBe(2);
        expect(alertsAbout(providerId)).toMatchObject([
          {
            alert: 'PAYMENT_AMOUNT_MISMATCH',
            orderNumber: order.increment_id,
            amountCents: 28900,
            currency: 'EUR',
            reportedAmountCents: 100,
            reportedCurrency: 'EUR',
          },
        ]);
        await settle();
        expect(confirmations(await mailsTo(ctx, email))).toHaveLength(0);

        // When its hold ends the order is cancelled like any unpaid one, and the money Mollie has is to be refunded.
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await freePlaces(ctx, course.id)).toBe(3);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
        expect(alerts.filter((entry) => entry.providerPaymentId === providerId)).toMatchObject([
          { alert: 'REFUND_REQUIRED', amountCents: 100, currency: 'EUR' },
        ]);
      });

      it('another currency is no outage: answered 200, nothing booked, the operator alerted', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1 });
        fake.payments.get(providerId)!.amount = { currency: 'USD', value: '289.00' };
        await fake.decide(providerId, 'paid');
        expect(await statusOf(order.id)).toBe('payment_pending');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending' });
        expect(await freePlaces(ctx, course.id)).toBe(2);
        expect(alertsAbout(providerId)).toMatchObject([
          { alert: 'PAYMENT_AMOUNT_MISMATCH', reportedAmountCents: 28900, reportedCurrency: 'USD' },
        ]);
      });

      it('an authorization of another amount is neither booked nor captured', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1, method: 'klarna' });
        fake.payments.get(providerId)!.amount = { currency: 'EUR', value: '28.90' };
        await fake.decide(providerId, 'authorized');
        expect(await statusOf(order.id)).toBe('payment_pending');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending', capture_status: null });
        expect(fake.requests.filter((r) => r.path === `/v2/payments/${providerId}/captures`)).toEqual([]);
        expect(await freePlaces(ctx, course.id)).toBe(2);
        expect(alertsAbout(providerId)).toMatchObject([{ alert: 'PAYMENT_AMOUNT_MISMATCH' }]);
      });
    });

    describe('Mollie unavailable at submit', () => {
      for (const mode of ['error', 'hang'] as const) {
        it(`${mode === 'error' ? '5xx' : 'no answer'}: 503 with a translated message, no place held, no order left; a retry succeeds`, async () => {
          const course = await insertCourse(ctx, { free: 3 });
          const body = courseOrder(course, 2, {
            emailAddress: 'retry@example.org',
            discountCodes: ['SOMMER25'],
            locale: 'es',
            expectedTotalPrice: 553,
          });
          const orders = await orderCount(ctx);
          const lastNumber = async () =>
            (await ctx.db.kysely.selectFrom('order_number').select('last_value').executeTakeFirstOrThrow()).last_value;
          const numberBefore = await lastNumber();
          fake.mode = mode;
          const started = Date.now();
          const failed = submit(body);
          if (mode === 'hang') {
            // The provider call runs outside any transaction: the shop keeps answering and writing meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 300));
            const meanwhile = Date.now();
            await insertCourse(ctx, { free: 1 });
            expect((await client(ctx).get('/api/health')).status).toBe(200);
            // Blocked behind the provider call, these would wait out the guard's timeout (defaultProviderTimeoutMs);
            // half of it is the bound, not a speed figure (a loaded two-core machine may well take over a second).
            expect(Date.now() - meanwhile).toBeLessThan(defaultProviderTimeoutMs / 2);
          }
          const reply = await failed;
          expect(reply.status).toBe(503);
          expect(reply.body).toEqual({
            error: {
              code: 'PAYMENT_PROVIDER_UNAVAILABLE',
              message: 'The payment provider is unavailable; nothing was ordered',
            },
            meta: {
              message: 'El proveedor de pagos no está disponible en este momento. Por favor, inténtalo de nuevo.',
            },
          });
          expect(Date.now() - started).toBeLessThan(defaultProviderTimeoutMs + 1500);
          if (mode === 'hang') expect(Date.now() - started).toBeGreaterThanOrEqual(defaultProviderTimeoutMs - 50);
          expect(await freePlaces(ctx, course.id)).toBe(3);
          expect(await orderCount(ctx)).toBe(orders);
          const leftovers = await ctx.db.kysely
            .selectFrom('course_booking')
            .select('id')
            .where('course_id', '=', course.id)
            .execute();
          expect(leftovers).toEqual([]);

          fake.mode = 'ok';
          const retry = await submit(body);
          expect(retry.status, JSON.stringify(retry.body)).toBe(200);
          // The withdrawn order's number stays unused: a gap of one.
          expect(retry.body.result.incrementId).toBe(String(numberBefore + 2));
          expect(await freePlaces(ctx, course.id)).toBe(1);
          const order = await orderByNumber(ctx, retry.body.result.incrementId);
          expect(
            (
              await ctx.db.kysely
                .selectFrom('discount_code_usage')
                .select('id')
                .where('order_id', '=', order.id)
                .execute()
            ).length,
          ).toBe(1);
        }, 30_000);
      }

      it('Mollie refusing the details (422): 422 PAYMENT_REFUSED telling to choose another method, nothing held or left; the same order then goes through', async () => {
        const course = await insertCourse(ctx, { free: 3 });
        const body = courseOrder(course, 1, { emailAddress: 'klarna@example.org', locale: 'en' });
        const orders = await orderCount(ctx);
        fake.paymentRefusals = 1;
        const reply = await submit(body);
        expect(reply.status).toBe(422);
        expect(reply.body).toEqual({
          error: { code: 'PAYMENT_REFUSED', message: 'The payment provider refused the payment; nothing was ordered' },
          meta: {
            message:
              'The chosen payment method did not accept the order. Please choose another payment method or check your billing address.',
          },
        });
        expect(await freePlaces(ctx, course.id)).toBe(3);
        expect(await orderCount(ctx)).toBe(orders);
        const retry = await submit(body);
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        expect(await freePlaces(ctx, course.id)).toBe(2);
      });

      it('a waitlist offer the order used stays the buyer’s: the place is held for them and the retry books it', async () => {
        const course = await insertCourse(ctx, { free: 0 });
        const email = 'angebot@example.org';
        const token = newToken();
        // An offer as the waitlist makes it: its place already taken from the course's free places.
        await ctx.db.kysely
          .insertInto('waitlist_entry')
          .values({
            course_id: course.id,
            email,
            customer_id: null,
            locale: 'de',
            status: 'offered',
            leave_token_hash: hashToken(newToken()),
            offer_token_hash: hashToken(token),
            offer_expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
            created_at: clock.now().toISOString(),
          })
          .execute();
        const body = courseOrder(course, 1, { emailAddress: email });
        body.courses[0] = { ...body.courses[0]!, offerToken: token } as (typeof body.courses)[number];
        const offerStatus = async () =>
          (
            await ctx.db.kysely
              .selectFrom('waitlist_entry')
              .select('status')
              .where('course_id', '=', course.id)
              .executeTakeFirstOrThrow()
          ).status;

        fake.mode = 'error';
        expect((await submit(body)).status).toBe(503);
        // Nobody else may take the offered place meanwhile, and the offer is still open.
        expect(await freePlaces(ctx, course.id)).toBe(0);
        expect(await offerStatus()).toBe('offered');

        fake.mode = 'ok';
        const retry = await submit(body);
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        expect(await freePlaces(ctx, course.id)).toBe(0);
        expect(await offerStatus()).toBe('claimed');
      }, 30_000);

      it('says it in German by default', async () => {
        const course = await insertCourse(ctx, { free: 3 });
        fake.mode = 'error';
        const reply = await submit(courseOrder(course, 1));
        expect(reply.status).toBe(503);
        expect(reply.body.meta.message).toBe(
          'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es erneut.',
        );
      }, 30_000);
    });

    describe('when the hold expires', () => {
      it('cancels the Mollie payment where Mollie allows it, so the buyer cannot pay after the hold', async () => {
        const { order, providerId } = await pendingOrder();
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(cancelRequests(providerId)).toHaveLength(1);
        expect(fake.payments.get(providerId)!.status).toBe('canceled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'canceled', refund_required: 0 });
        // Mollie's report of the cancellation changes nothing more.
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('cancelled');
      });

      it('a payment paid whose report never reached the shop is recorded and flagged for refund when its hold ends', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1 });
        // The buyer paid, but Mollie's webhook never got through (an unreachable webhook URL, retries given up).
        fake.setStatus(providerId, 'paid');
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(cancelRequests(providerId)).toHaveLength(0);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
        expect(alerts.filter((entry) => entry.providerPaymentId === providerId)).toMatchObject([
          { alert: 'REFUND_REQUIRED' },
        ]);
        expect(await freePlaces(ctx, course.id)).toBe(3);
        // A report arriving after all changes nothing more.
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
      });

      it('an authorization arriving after the hold ended is not captured and takes no place', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1, method: 'klarna' });
        fake.payments.get(providerId)!.cancelable = false;
        await expire();
        expect(await freePlaces(ctx, course.id)).toBe(3);
        await fake.decide(providerId, 'authorized');
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({
          status: 'canceled',
          refund_required: 0,
          capture_status: null,
        });
        expect(fake.requests.filter((r) => r.path === `/v2/payments/${providerId}/captures`)).toEqual([]);
        expect(await freePlaces(ctx, course.id)).toBe(3);
      });

      it('an authorization the shop left alone that Mollie captures anyway (automatic capture) is flagged for refund, once', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1, method: 'klarna' });
        fake.payments.get(providerId)!.cancelable = false;
        await expire();
        await fake.decide(providerId, 'authorized');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'canceled', refund_required: 0 });
        // The release failed (not cancelable), and Mollie's automatic capture took the money.
        fake.setStatus(providerId, 'paid');
        const refundsBefore = await ctx.app.metrics.paymentsByOutcome.get();
        const flagged = (metric: typeof refundsBefore) =>
          metric.values.filter((v) => v.labels.outcome === 'refund_required').reduce((sum, v) => sum + v.value, 0);
        for (let i = 0; i < 3; i++) expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
        expect(flagged(await ctx.app.metrics.paymentsByOutcome.get())).toBe(flagged(refundsBefore) + 1);
        expect(await freePlaces(ctx, course.id)).toBe(3);
      });

      it('Mollie down when the hold ends: the order ends as its hold says, and a later sweep asks Mollie again and records the money paid meanwhile', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1 });
        const asked = () => fake.requests.filter((r) => r.path === `/v2/payments/${providerId}`).length;
        // The buyer paid, Mollie's webhook never got through, and Mollie fails when the hold ends.
        fake.setStatus(providerId, 'paid');
        fake.mode = 'error';
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await freePlaces(ctx, course.id)).toBe(3);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending', refund_required: 0 });
        const askedWhileDown = asked();
        expect(askedWhileDown).toBeGreaterThan(0);

        fake.mode = 'ok';
        // Not again at once (every process sweeps every few seconds): a minute after the last attempt.
        await sweepAfter(holdMs + 30_000);
        expect(asked()).toBe(askedWhileDown);
        await sweepAfter(holdMs + 61_000);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
        expect(alerts.filter((entry) => entry.providerPaymentId === providerId)).toMatchObject([
          { alert: 'REFUND_REQUIRED' },
        ]);
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await freePlaces(ctx, course.id)).toBe(3);
        // Settled: later sweeps leave it alone.
        const settledAfter = asked();
        await sweepAfter(holdMs + 3_600_000);
        expect(asked()).toBe(settledAfter);
      }, 30_000);

      it('Mollie down when the hold ends: a payment still open is cancelled at Mollie by a later sweep', async () => {
        const { order, providerId } = await pendingOrder();
        fake.mode = 'hang';
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending' });
        expect(fake.payments.get(providerId)!.status).toBe('open');
        fake.mode = 'ok';
        const asked = () => fake.requests.filter((r) => r.path === `/v2/payments/${providerId}`).length;
        const askedWhileDown = asked();
        // Two processes sweeping at the same moment: one of them asks.
        clock.advance(holdMs + 61_000);
        try {
          await Promise.all([sweep(), sweep()]);
        } finally {
          clock.advance(-(holdMs + 61_000));
        }
        expect(asked()).toBe(askedWhileDown + 2); // Get payment, then Cancel payment
        expect(cancelRequests(providerId)).toHaveLength(1);
        expect(fake.payments.get(providerId)!.status).toBe('canceled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'canceled', refund_required: 0 });
      }, 30_000);

      it('leaves a payment Mollie no longer lets cancel; when it is paid later, it is recorded and flagged for refund', async () => {
        const { order, providerId } = await pendingOrder();
        fake.payments.get(providerId)!.cancelable = false;
        await expire();
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(cancelRequests(providerId)).toHaveLength(0);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'pending' });
        await fake.decide(providerId, 'paid');
        expect(await statusOf(order.id)).toBe('cancelled');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
      });
    });

    describe('chargebacks', () => {
      const chargebackOf = (orderId: number) =>
        ctx.db.kysely
          .selectFrom('shop_order')
          .select(['status', 'cancel_reason', 'charged_back_cents', 'charged_back_at'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();

      it('on a paid order: recorded on the order and alerted once; the booking stands and nothing is booked again', async () => {
        const { order, providerId, course, email } = await pendingOrder({ free: 4, quantity: 2 });
        await fake.decide(providerId, 'paid');
        expect(await freePlaces(ctx, course.id)).toBe(2);
        await fake.chargeBack(providerId, '578.00');
        expect(await chargebackOf(order.id)).toEqual({
          status: 'paid',
          cancel_reason: null,
          charged_back_cents: 57800,
          charged_back_at: clock.now().toISOString(),
        });
        expect(alertsAbout(providerId)).toMatchObject([
          {
            alert: 'CHARGEBACK',
            orderNumber: order.increment_id,
            chargedBackCents: 57800,
            amountCents: 57800,
            currency: 'EUR',
          },
        ]);
        // Mollie's webhook again (replays, parallel): nothing more, no second alert, no place, no second mail.
        await Promise.all(Array.from({ length: 3 }, () => mollieWebhook(ctx, `id=${providerId}`)));
        expect(alertsAbout(providerId)).toHaveLength(1);
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 0 });
        expect(await freePlaces(ctx, course.id)).toBe(2);
        await settle();
        expect(confirmations(await mailsTo(ctx, email, { atLeast: 2 }))).toHaveLength(1);
      });

      it('a second chargeback of the same payment raises the recorded amount and alerts again', async () => {
        const { order, providerId } = await pendingOrder({ quantity: 2 });
        await fake.decide(providerId, 'paid');
        await fake.chargeBack(providerId, '100.00');
        await fake.chargeBack(providerId, '578.00');
        expect((await chargebackOf(order.id)).charged_back_cents).toBe(57800);
        expect(alertsAbout(providerId).map((line) => line.chargedBackCents)).toEqual([10000, 57800]);
      });

      it('charged back before the shop heard it was paid: books nothing, the order is cancelled and its places go back', async () => {
        const { order, providerId, course, email } = await pendingOrder({ free: 3, quantity: 1 });
        // The paid report never arrived; Mollie's next report already carries the chargeback.
        fake.setStatus(providerId, 'paid');
        await fake.chargeBack(providerId, '289.00');
        expect(await chargebackOf(order.id)).toMatchObject({
          status: 'cancelled',
          cancel_reason: 'payment_failed',
          charged_back_cents: 28900,
        });
        expect(await freePlaces(ctx, course.id)).toBe(3);
        // The money went back with the chargeback: nothing to refund.
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 0 });
        expect(alertsAbout(providerId)).toMatchObject([{ alert: 'CHARGEBACK', chargedBackCents: 28900 }]);
        await settle();
        expect(confirmations(await mailsTo(ctx, email))).toHaveLength(0);
      });

      it('on money already flagged for refund (the order was cancelled): recorded and alerted, no place booked', async () => {
        const { order, providerId, course } = await pendingOrder({ free: 3, quantity: 1 });
        fake.payments.get(providerId)!.cancelable = false;
        await expire();
        await fake.decide(providerId, 'paid');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'paid', refund_required: 1 });
        await fake.chargeBack(providerId, '289.00');
        expect(await chargebackOf(order.id)).toMatchObject({
          status: 'cancelled',
          cancel_reason: 'hold_expired',
          charged_back_cents: 28900,
        });
        expect(alertsAbout(providerId)).toMatchObject([
          { alert: 'REFUND_REQUIRED' },
          { alert: 'CHARGEBACK', chargedBackCents: 28900 },
        ]);
        expect(await freePlaces(ctx, course.id)).toBe(3);
      });
    });

    describe('Klarna: an authorized payment books the order and is captured', () => {
      const provider = guardedProvider(mollieProvider({ apiKey: 'test_fakeMollieKey1', apiUrl: fake.apiUrl, shopUrl }));
      const retryCaptures = () =>
        captureJob({
          db: ctx.db.kysely,
          provider,
          now: clock.now,
          log: ctx.app.log,
          everyMs: 1000,
        }).run(new AbortController().signal);
      /** Runs the retry job `runs` times `ms` later, then puts the clock back where the other tests had it. */
      const retryCapturesAfter = async (ms: number, runs = 1) => {
        clock.advance(ms);
        try {
          for (let run = 0; run < runs; run++) await retryCaptures();
        } finally {
          clock.advance(-ms);
        }
      };
      const captureRequests = (id: string) =>
        fake.requests.filter((r) => r.method === 'POST' && r.path === `/v2/payments/${id}/captures`);
      const capturesAt = (id: string) => [...fake.captures.values()].filter((c) => c.paymentId === id);
      const capturedCount = async (result: 'captured' | 'failed') =>
        (await ctx.app.metrics.paymentCaptures.get()).values.find((v) => v.labels.result === result)?.value ?? 0;

      it('confirms the booking (places kept, confirmation mail) and captures the whole amount once, however often Mollie reports it', async () => {
        const { order, providerId, email, course } = await pendingOrder({
          free: 4,
          quantity: 2,
          method: 'klarna',
        });
        await fake.decide(providerId, 'authorized');
        expect(await statusOf(order.id)).toBe('paid');
        expect(await freePlaces(ctx, course.id)).toBe(2);
        expect(confirmations(await mailsTo(ctx, email, { atLeast: 2 }))).toHaveLength(1);
        const sent = captureRequests(providerId);
        expect(sent).toHaveLength(1);
        expect(sent[0]!.body).toEqual({ amount: { currency: 'EUR', value: '578.00' } });
        expect(sent[0]!.headers['idempotency-key']).toBe(`capture-mollie-${providerId}`);
        const [capture] = capturesAt(providerId);
        // Mollie then reports the payment paid through the webhook.
        await expect.poll(async () => (await paymentOf(ctx, order.id)).capture_status).toBe('captured');
        expect(await paymentOf(ctx, order.id)).toMatchObject({
          status: 'paid',
          capture_id: capture!.id,
          capture_attempts: 1,
          capture_error: null,
        });

        // Replays, in parallel, and the retry job: no second capture, no second mail.
        await Promise.all(Array.from({ length: 5 }, () => mollieWebhook(ctx, `id=${providerId}`)));
        await retryCapturesAfter(3_600_000);
        expect(captureRequests(providerId)).toHaveLength(1);
        expect(capturesAt(providerId)).toHaveLength(1);
        expect(await freePlaces(ctx, course.id)).toBe(2);
        await settle();
        expect(confirmations(await mailsTo(ctx, email))).toHaveLength(1);
      });

      it('a failed capture keeps the booking, is logged and counted, stays due, and the job captures it later, once', async () => {
        const { order, providerId } = await pendingOrder({ method: 'klarna' });
        const failedBefore = await capturedCount('failed');
        fake.captureFailures = 1;
        await fake.decide(providerId, 'authorized');
        expect(await statusOf(order.id)).toBe('paid');
        expect(await paymentOf(ctx, order.id)).toMatchObject({
          status: 'paid',
          capture_status: 'due',
          capture_attempts: 1,
          capture_error: expect.stringContaining('declined'),
        });
        expect(await capturedCount('failed')).toBe(failedBefore + 1);
        expect(capturesAt(providerId)).toHaveLength(0);

        // A replayed webhook and a job run before the next attempt is due try nothing.
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        await retryCaptures();
        expect(captureRequests(providerId)).toHaveLength(1);

        await retryCapturesAfter(60_000, 2);
        expect(captureRequests(providerId)).toHaveLength(2);
        expect(capturesAt(providerId)).toHaveLength(1);
        await expect.poll(async () => (await paymentOf(ctx, order.id)).status).toBe('paid');
        expect(await paymentOf(ctx, order.id)).toMatchObject({
          capture_status: 'captured',
          capture_id: capturesAt(providerId)[0]!.id,
          capture_attempts: 2,
          capture_error: null,
        });
      });

      it('an authorization that ends before its capture is flagged, not captured', async () => {
        const { order, providerId } = await pendingOrder({ method: 'klarna' });
        fake.captureFailures = 1;
        await fake.decide(providerId, 'authorized');
        fake.setStatus(providerId, 'expired');
        expect((await mollieWebhook(ctx, `id=${providerId}`)).status).toBe(200);
        expect(await statusOf(order.id)).toBe('paid');
        expect(await paymentOf(ctx, order.id)).toMatchObject({ status: 'expired', capture_status: 'lapsed' });
        await retryCapturesAfter(3_600_000);
        expect(captureRequests(providerId)).toHaveLength(1);
      });
    });

    describe('payment methods', () => {
      const offeredIds = async (applePayAvailable = true) => {
        const course = await insertCourse(ctx, { free: 3 });
        const reply = await client(ctx).post('/api/cart/calculate-price', {
          courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }],
          products: [],
          packages: [],
          discountCodes: [],
          locale: 'de',
          applePayAvailable,
        });
        expect(reply.status).toBe(200);
        return reply.body.result.paymentMethods.map((m: { id: string }) => m.id);
      };
      const methodListings = () =>
        fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/methods')).length;

      it('offers only the enabled ones of the shop list, asking Mollie at most every 10 minutes', async () => {
        await offeredIds();
        clock.advance(tenMinutes);
        fake.enabledMethods = ['creditcard', 'klarna', 'ideal'];
        const asked = methodListings();
        // The outdated list is answered at once while the fresh one is fetched.
        expect(await offeredIds()).toEqual(['eps', 'creditcard', 'paybybank', 'klarna', 'applepay']);
        await settle();
        expect(await offeredIds()).toEqual(['creditcard', 'klarna']);
        expect(fake.requests.findLast((r) => r.path.startsWith('/v2/methods'))!.path).toBe(
          '/v2/methods?includeWallets=applepay',
        );
        fake.enabledMethods = [...allMethods];
        expect(await offeredIds()).toEqual(['creditcard', 'klarna']);
        clock.advance(tenMinutes - 1);
        expect(await offeredIds()).toEqual(['creditcard', 'klarna']);
        expect(methodListings()).toBe(asked + 1);

        // An order for a method that is not enabled is refused.
        const course = await insertCourse(ctx, { free: 3 });
        const refused = await submit(courseOrder(course, 1, { selectedPaymentMethod: 'eps' }));
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe('PAYMENT_METHOD_REQUIRED');
        expect(await freePlaces(ctx, course.id)).toBe(3);

        clock.advance(1);
        await offeredIds();
        await settle();
        expect(await offeredIds()).toEqual(['eps', 'creditcard', 'paybybank', 'klarna', 'applepay']);
        expect(await offeredIds(false)).toEqual(['eps', 'creditcard', 'paybybank', 'klarna']);
        expect(methodListings()).toBe(asked + 2);
      });

      it('keeps the last known list, without waiting, while the methods API fails', async () => {
        await offeredIds();
        clock.advance(tenMinutes);
        fake.mode = 'hang';
        // Waiting for the hanging provider would take the guard's whole timeout (defaultProviderTimeoutMs) before the
        // fallback; the answer must come well before that. Half of it leaves a loaded machine its slowness (a fixed
        // 1 s failed at 1.1 s while the whole suite ran on two cores), and this is no speed check.
        const waited = new Promise<'waited for the provider'>((resolve) =>
          setTimeout(() => resolve('waited for the provider'), defaultProviderTimeoutMs / 2),
        );
        expect(await Promise.race([offeredIds(), waited])).toEqual([
          'eps',
          'creditcard',
          'paybybank',
          'klarna',
          'applepay',
        ]);
        fake.mode = 'ok';
      });
    });
  },
  {
    app: {
      passwordHashing: cheapHashing,
      now: clock.now,
      shopUrl,
      paymentProvider: mollieProvider({ apiKey: 'test_fakeMollieKey1', apiUrl: fake.apiUrl, shopUrl }),
      logger: {
        level: 'error',
        stream: { write: (line: string) => void appErrors.push(JSON.parse(line) as Record<string, unknown>) },
      },
    },
  },
);
