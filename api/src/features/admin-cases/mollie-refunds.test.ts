import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import { startFakeMollie } from '../../test/fake-mollie/server.ts';
import { staffToken } from '../admin/test-support.ts';
import { cheapHashing, mailsTo } from '../customer/test-support.ts';
import { pendingOrder } from '../order/test-support.ts';
import { mollieProvider } from '../payment/mollie-provider.ts';

// The fake's certificate is self-signed; Mollie's client accepts it only with certificate checks off (this process only).
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const fake = await startFakeMollie();
afterAll(async () => {
  await fake.close();
  if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
});
const shopUrl = 'https://shop.example';

async function mollieWebhook(ctx: TestContext, id: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/mollie',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
  expect(response.statusCode).toBe(200);
}

describeEachDatabase(
  'refunds and chargebacks through Mollie (fake Mollie Refunds API)',
  (ctx) => {
    let owner: { authorization: string };
    beforeAll(async () => {
      owner = (await staffToken(ctx, 'owner')).headers;
      fake.deliverWebhook = async (_url, body) => mollieWebhook(ctx, new URLSearchParams(body).get('id')!);
      // Each database numbers its refunds from 1, and so its idempotency keys: the fake must not answer one
      // database's refund with the other's (one shop's keys never repeat).
      fake.forgetIdempotencyKeys();
    });
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const response = await ctx.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: owner,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() as any };
    };
    /** An order of 2 × 289 € paid at Mollie. */
    const paidAtMollie = async () => {
      const pending = await pendingOrder(ctx, { quantity: 2 });
      await fake.decide(pending.providerId, 'paid');
      return pending;
    };
    const refundsAtMollie = (paymentId: string) =>
      [...fake.refunds.values()].filter((refund) => refund.paymentId === paymentId).map((r) => r.amount.value);

    it('refunds in part, then the rest; the buyer gets a mail for each, in the order language', async () => {
      const { order, providerId, email } = await paidAtMollie();
      const part = await call('POST', `/orders/${order.id}/refunds`, { amountCents: 7800, reason: 'Teilweise' });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(part.body.result).toMatchObject({ status: 'issued', providerRefundId: expect.stringMatching(/^re_/) });
      const rest = await call('POST', `/orders/${order.id}/refunds`, { reason: 'Rest' });
      expect(rest.body.result).toMatchObject({ amountCents: 50000, status: 'issued' });
      expect(refundsAtMollie(providerId)).toEqual(['78.00', '500.00']);
      expect((await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Erstattung zu Bestellung'))).toHaveLength(
        2,
      );
      const more = await call('POST', `/orders/${order.id}/refunds`, { amountCents: 1, reason: 'Mehr' });
      expect(more.status).toBe(409);
      expect(more.body.error.code).toBe('REFUND_TOO_HIGH');
      expect(refundsAtMollie(providerId)).toHaveLength(2);
    });

    it('never asks Mollie for more than the shop holds after a chargeback', async () => {
      const { order, providerId } = await paidAtMollie();
      await fake.chargeBack(providerId, '100.00');
      const cases = (await call('GET', `/cases?orderId=${order.id}`)).body.result.items;
      expect(cases).toEqual([expect.objectContaining({ kind: 'chargeback', amountCents: 10000, status: 'open' })]);
      // The webhook again: the same chargeback, no second case.
      await mollieWebhook(ctx, providerId);
      expect((await call('GET', `/cases?orderId=${order.id}`)).body.result.total).toBe(1);
      expect((await call('GET', `/orders/${order.id}/refunds`)).body.result).toMatchObject({
        chargedBackCents: 10000,
        refundableCents: 47800,
      });
      expect((await call('POST', `/orders/${order.id}/refunds`, { amountCents: 47801, reason: 'x' })).status).toBe(409);
      expect(refundsAtMollie(providerId)).toEqual([]);
    });

    it('a refund Mollie refuses is failed with its reason and stays a case', async () => {
      const { order, providerId, email } = await paidAtMollie();
      // Refunded at Mollie's dashboard, unknown to the shop: Mollie refuses the shop's full refund.
      fake.refunds.set('re_dashboard', {
        id: 're_dashboard',
        paymentId: providerId,
        amount: { currency: 'EUR', value: '500.00' },
        description: 'Dashboard',
        metadata: null,
        createdAt: new Date().toISOString(),
      });
      const refused = await call('POST', `/orders/${order.id}/refunds`, { reason: 'Alles' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'REFUND_REFUSED' });
      expect(refused.body.error.message).toContain('higher than the amount remaining');
      const refunds = (await call('GET', `/orders/${order.id}/refunds`)).body.result;
      expect(refunds.refunds).toEqual([
        expect.objectContaining({ status: 'failed', failureReason: expect.stringContaining('remaining') }),
      ]);
      // A refused refund gives nothing back: it does not count against what is held.
      expect(refunds.refundableCents).toBe(57800);
      const cases = (await call('GET', `/cases?orderId=${order.id}`)).body.result.items;
      expect(cases).toEqual([
        expect.objectContaining({
          kind: 'refund_refused',
          status: 'open',
          amountCents: 57800,
          note: expect.stringContaining('remaining'),
        }),
      ]);
      expect((await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Erstattung'))).toHaveLength(0);
      const partial = await call('POST', `/orders/${order.id}/refunds`, {
        amountCents: 7800,
        reason: 'Was noch geht',
        caseId: cases[0].id,
      });
      expect(partial.body.result).toMatchObject({ status: 'issued' });
      expect((await call('GET', `/cases/${cases[0].id}`)).body.result).toMatchObject({ status: 'closed' });
    });
  },
  {
    app: {
      passwordHashing: cheapHashing,
      shopUrl,
      paymentProvider: mollieProvider({ apiKey: 'test_fakeMollieKey1', apiUrl: fake.apiUrl, shopUrl }),
      logger: false,
    },
  },
);
