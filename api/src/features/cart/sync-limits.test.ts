import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { client } from '../customer/test-support.ts';
import { cartSyncRateLimit } from './rate-limits.ts';
import { packageLine } from './test-support.ts';

const items = [packageLine];

describeEachDatabase(
  'rate limit on POST /cart/sync',
  (ctx) => {
    const { perClient } = cartSyncRateLimit;

    it(`parks ${perClient.max} carts per client and hour; then 429 with Retry-After, nothing stored`, async () => {
      const c = client(ctx);
      for (let i = 0; i < perClient.max; i++) expect((await c.post('/api/cart/sync', { items })).status).toBe(200);
      const stored = async () =>
        Number(
          (
            await ctx.db.kysely
              .selectFrom('cart_sync')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await stored();
      const limited = await c.post('/api/cart/sync', { items });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(perClient.timeWindowMs / 1000);
      expect(await stored()).toBe(before);
      expect((await client(ctx).post('/api/cart/sync', { items })).status).toBe(200);
    });
  },
  { seed: false },
);
