import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { packageLine } from '../features/cart/test-support.ts';
import { cheapHashing, client, verifiedCustomer } from '../features/customer/test-support.ts';

/**
 * No cache keeps an API answer unless its route says so (docs/decisions/0071-api-answers-not-stored.md): a
 * customer's data must not stay on the disk of a shared computer's browser, nor in any cache on the way.
 */
describeEachDatabase(
  'Cache-Control of API answers',
  (ctx) => {
    it("a customer's own data is answered with no-store", async () => {
      const browser = client(ctx);
      const { token } = await verifiedCustomer(ctx, browser);
      for (const path of ['/api/customer/me', '/api/customer/me/orders', '/api/exam/history']) {
        const reply = await browser.get(path, token);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['cache-control'], path).toBe('no-store');
      }
    });

    it('a parked cart, errors and unknown routes are answered with no-store too', async () => {
      const browser = client(ctx);
      const parked = await browser.post('/api/cart/sync', { items: [packageLine] });
      expect(parked.status).toBe(200);
      const read = await browser.get(`/api/cart/sync/${parked.body.result.id}`);
      expect(read.status).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect((await browser.get('/api/customer/me')).headers['cache-control']).toBe('no-store');
      expect((await browser.get('/api/nowhere')).headers['cache-control']).toBe('no-store');
    });

    it('routes that choose their own caching keep it', async () => {
      const texts = await client(ctx).get('/api/translation/de');
      expect(texts.headers['cache-control']).toBe('public, max-age=60');
      const mode = await client(ctx).get('/api/shop/mode');
      expect(mode.headers['cache-control']).toBe('public, max-age=60');
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
