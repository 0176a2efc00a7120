import { expect, it } from 'vitest';
import { addSampleCustomers, addSampleOrders } from '../../db/fixtures/sample-shop.ts';
import { describeEachDatabase, get, testNow } from '../../test/databases.ts';
import { choose, orderByNumber, paymentOf } from '../order/test-support.ts';
import { startMetricsServer } from './server.ts';

/** The value of one series in Prometheus's text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase(
  'Prometheus metrics on their own port',
  (ctx) => {
    it('serves request latency per route pattern, orders by status, payments by outcome, rate-limit hits, mails and job lag', async () => {
      const numbers = await addSampleOrders(ctx.db, {
        tag: `metrics-${ctx.dialect}`,
        emails: await addSampleCustomers(ctx.db, { tag: `metrics-${ctx.dialect}`, count: 3, now: testNow }),
        now: testNow,
        paidEvery: 99,
      });
      const second = await orderByNumber(ctx, numbers[1]!);
      await choose(ctx, (await paymentOf(ctx, second.id)).transaction_id!, 'failed');
      expect((await get(ctx, '/api/course/search?tags[]=a&limit=5')).status).toBe(200);
      expect((await get(ctx, '/api/orders/no-such/state')).status).toBe(404);
      for (let i = 0; i < 12; i++)
        await ctx.app.inject({
          method: 'POST',
          url: '/api/customer/login',
          payload: { email: 'nobody@example.org', password: 'wrong-password-1' },
        });
      ctx.app.metrics.setMailStats(async () => ({ queued: 3, sent: 40, failed: 1 }));
      ctx.app.metrics.setJobLag(async () => ({ 'mail-delivery': 2.5 }));

      const server = await startMetricsServer(ctx.app.metrics, { host: '127.0.0.1', port: 0 });
      try {
        const response = await fetch(`${server.url}/metrics`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain('text/plain');
        const text = await response.text();
        // The route's pattern, never the URL with its query.
        expect(
          sample(
            text,
            'shop_http_request_duration_seconds_count{method="GET",route="/api/course/search",status_code="200"}',
          ),
        ).toBe(1);
        expect(text).not.toContain('tags[]');
        // The first sample order was marked paid, the second's payment failed, the third waits.
        expect(sample(text, 'shop_orders{status="paid"}')).toBe(1);
        expect(sample(text, 'shop_orders{status="payment_pending"}')).toBe(1);
        expect(sample(text, 'shop_orders{status="cancelled"}')).toBe(1);
        expect(sample(text, 'shop_payments_total{outcome="cancelled",status="failed"}')).toBe(1);
        expect(sample(text, 'shop_rate_limit_hits_total{route="/api/customer/login"}')).toBeGreaterThan(0);
        expect(sample(text, 'shop_mails{state="queued"}')).toBe(3);
        expect(sample(text, 'shop_mails{state="failed"}')).toBe(1);
        expect(sample(text, 'shop_job_lag_seconds{job="mail-delivery"}')).toBe(2.5);
        expect(text).toContain('shop_payment_holds_expired_total 0');
        expect((await fetch(`${server.url}/`)).status).toBe(404);
      } finally {
        await server.close();
      }
    });
  },
  { seed: true, app: { passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } } },
);
