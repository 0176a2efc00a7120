import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountRateLimits } from './rate-limits.ts';
import {
  client,
  customerTestOptions,
  goodPassword,
  mailsTo,
  newEmail,
  settle,
  verifiedCustomer,
  type Reply,
} from './test-support.ts';

/** E-mail changes mail an address of the sender's choice; password changes hash a guess each: both limited. */
describeEachDatabase(
  'rate limits on e-mail and password changes',
  (ctx) => {
    const expectLimited = (reply: Reply, windowMs: number) => {
      expect(reply.status).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    };

    describe('e-mail change', () => {
      const { perCustomer, perClient } = accountRateLimits.emailChange;

      it(`mails ${perCustomer.max} new addresses per customer and hour; then 429, nothing mailed and nothing changed`, async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        for (let i = 0; i < perCustomer.max; i++) {
          expect((await c.put('/api/customer/me/update', { email: newEmail('neu') }, token)).body).toEqual({
            result: { emailChangeRequested: true },
          });
        }
        const target = newEmail('opfer');
        // From another client too: the count belongs to the customer.
        expectLimited(
          await client(ctx).put('/api/customer/me/update', { email: target, firstname: 'Mallory' }, token),
          perCustomer.timeWindowMs,
        );
        await settle();
        expect(await mailsTo(ctx, target)).toEqual([]);
        expect((await c.get('/api/customer/me', token)).body.result).toMatchObject({ email, firstname: 'Anna' });
        // Changes without a new address are not counted.
        expect((await c.put('/api/customer/me/update', { firstname: 'Annette' }, token)).status).toBe(200);
      });

      it(`allows ${perClient.max} e-mail changes per client and hour over any number of accounts`, async () => {
        const c = client(ctx);
        const accounts = [];
        // Accounts registered elsewhere; each asks for fewer changes than its own limit.
        for (let i = 0; i < Math.ceil((perClient.max + 1) / (perCustomer.max - 1)); i++)
          accounts.push(await verifiedCustomer(ctx, client(ctx)));
        for (let i = 0; i < perClient.max; i++) {
          const { token } = accounts[i % accounts.length]!;
          expect((await c.put('/api/customer/me/update', { email: newEmail('neu') }, token)).status).toBe(200);
        }
        expectLimited(
          await c.put('/api/customer/me/update', { email: newEmail('neu') }, accounts.at(-1)!.token),
          perClient.timeWindowMs,
        );
      });
    });

    describe('password change', () => {
      const { perCustomer } = accountRateLimits.passwordChange;

      it(`checks ${perCustomer.max} current passwords per customer and hour; then 429, even for the right one`, async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        for (let i = 0; i < perCustomer.max; i++) {
          const reply = await client(ctx).put(
            '/api/customer/me/update-password',
            { currentPassword: `Rate${i}#guess`, newPassword: 'Neues#Pass9' },
            token,
          );
          expect(reply.body.error.code).toBe('WRONG_PASSWORD');
        }
        expectLimited(
          await c.put(
            '/api/customer/me/update-password',
            { currentPassword: goodPassword, newPassword: 'Neues#Pass9' },
            token,
          ),
          perCustomer.timeWindowMs,
        );
        // The password stayed as it was.
        const { email } = (await c.get('/api/customer/me', token)).body.result;
        expect((await client(ctx).post('/api/customer/login', { email, password: goodPassword })).status).toBe(200);
      });
    });
  },
  customerTestOptions(),
);
