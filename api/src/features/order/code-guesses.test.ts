import { discountCodesMax } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, newEmail, type Client } from '../customer/test-support.ts';
import { unknownCodeRateLimit } from '../cart/rate-limits.ts';
import { courseOrder, insertCourse, orderCount } from './test-support.ts';

let guesses = 0;
/** Codes nobody made: what a script trying codes sends. */
const madeUpCodes = (count: number) => Array.from({ length: count }, () => `SUBMIT${++guesses}X${Date.now() % 1000}`);

/**
 * The submit prices the order's codes again and answers 409 PRICE_CHANGED naming each code that does not apply and
 * why, which tells a code the shop knows from one it does not, just as the price call does. So it draws on the same
 * per-client allowance of unknown codes (docs/decisions/0072-discount-code-guessing.md, later note).
 */
describeEachDatabase(
  'discount code guessing through the order submit',
  (ctx) => {
    const budget = unknownCodeRateLimit.perClient.max;
    /** An order of one place naming `discountCodes`, from `c`, each with an address of its own. */
    const submit = async (c: Client, discountCodes: string[]) => {
      const course = await insertCourse(ctx, { free: 5 });
      return c.post('/api/cart/submit', courseOrder(course, 1, { discountCodes, emailAddress: newEmail('rater') }));
    };
    const expectRefused = (reply: { status: number; body: any; headers: Record<string, unknown> }) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(reply.body.meta.message).toMatch(/Gutscheincodes/);
      expect(reply.body).not.toHaveProperty('priceResult');
      expect(reply.body).not.toHaveProperty('reasons');
    };

    it('unknown codes of an order use up the allowance; beyond it the submit answers 429 and tells nothing', async () => {
      const script = client(ctx);
      for (let tried = 0; tried < budget; tried += discountCodesMax) {
        const reply = await submit(script, madeUpCodes(discountCodesMax));
        expect(reply.status, JSON.stringify(reply.body)).toBe(409);
        expect(reply.body.error.code).toBe('PRICE_CHANGED');
      }
      const before = await orderCount(ctx);
      // With a real code among further guesses: refused, so the answer says nothing about it.
      const refused = await submit(script, ['SOMMER25', ...madeUpCodes(2)]);
      expectRefused(refused);
      expect(JSON.stringify(refused.body)).not.toContain('SOMMER25');
      expect(await orderCount(ctx)).toBe(before);
      // One allowance for both calls: the price call of that client is refused as well.
      const priced = await script.post('/api/cart/calculate-price', {
        packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
        discountCodes: madeUpCodes(1),
        locale: 'de',
      });
      expect(priced.status).toBe(429);
      // An order without unknown codes still goes through, and other clients are not affected.
      expect((await submit(script, [])).status).toBe(200);
      expect((await submit(client(ctx), madeUpCodes(3))).status).toBe(409);
    });

    it('an allowance used up by the price call refuses the submit too', async () => {
      const script = client(ctx);
      for (let tried = 0; tried < budget; tried += discountCodesMax) {
        const reply = await script.post('/api/cart/calculate-price', {
          packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
          discountCodes: madeUpCodes(discountCodesMax),
          locale: 'de',
        });
        expect(reply.status).toBe(200);
      }
      expectRefused(await submit(script, madeUpCodes(1)));
    });

    it('a mistyped code the cart priced already counts once, however often orders name it', async () => {
      const buyer = client(ctx);
      const [typo] = madeUpCodes(1);
      const priced = await buyer.post('/api/cart/calculate-price', {
        packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
        discountCodes: [typo],
        locale: 'de',
      });
      expect(priced.status).toBe(200);
      for (let i = 0; i < budget + 2; i++) {
        const reply = await submit(buyer, [typo!]);
        expect(reply.status, JSON.stringify(reply.body)).toBe(409);
        expect(reply.body.reasons).toContainEqual(expect.objectContaining({ code: typo }));
      }
    });
  },
  { app: { passwordHashing: cheapHashing } },
);
