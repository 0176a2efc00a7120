import { discountCodesMax } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { client } from '../customer/test-support.ts';
import { unknownCodeRateLimit } from './rate-limits.ts';

/** A cart that needs no course: one package of five conversation hours (seeded price list). */
const cart = (discountCodes: string[]) => ({
  packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
  discountCodes,
  locale: 'de',
});

let guesses = 0;
/** Codes nobody made: what a script trying codes sends, ten per request. */
const madeUpCodes = (count: number) => Array.from({ length: count }, () => `RATE${++guesses}X${Date.now() % 1000}`);

describeEachDatabase('discount code guessing', (ctx) => {
  it('a client trying many codes the shop does not know is stopped before it learns more', async () => {
    const script = client(ctx);
    const budget = unknownCodeRateLimit.perClient.max;
    for (let tried = 0; tried < budget; tried += discountCodesMax) {
      const reply = await script.post('/api/cart/calculate-price', cart(madeUpCodes(discountCodesMax)));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    // With a real code among further guesses: refused, so the answer says nothing about it.
    const refused = await script.post('/api/cart/calculate-price', cart(['SOMMER25', ...madeUpCodes(3)]));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The cart shows it in its code box, translated.
    expect(refused.body.meta.message).toMatch(/Gutscheincodes/);
    expect(JSON.stringify(refused.body)).not.toContain('SOMMER25');
    // Known codes alone are still priced for that client, and other clients are not affected.
    const known = await script.post('/api/cart/calculate-price', cart(['SOMMER25', 'ABGELAUFEN']));
    expect(known.status).toBe(200);
    expect(known.body.result.discountCodesProvided.map((c: { code: string }) => c.code)).toEqual([
      'SOMMER25',
      'ABGELAUFEN',
    ]);
    expect((await client(ctx).post('/api/cart/calculate-price', cart(madeUpCodes(5)))).status).toBe(200);
  });

  it('one mistyped code kept in the cart counts once, however often the cart is priced again', async () => {
    const buyer = client(ctx);
    const [typo] = madeUpCodes(1);
    for (let i = 0; i < 3 * unknownCodeRateLimit.perClient.max; i++) {
      const reply = await buyer.post('/api/cart/calculate-price', cart(['WILLKOMMEN10', typo!]));
      expect(reply.status).toBe(200);
      expect(reply.body.result.discountCodesProvided[1]).toMatchObject({ code: typo, status: 'invalid' });
    }
  });
});
