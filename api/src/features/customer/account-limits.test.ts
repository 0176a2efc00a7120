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
      const { perCustomer, perClient, perNewAddress } = accountRateLimits.emailChange;

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

      it(`mails one new address at most ${perNewAddress.max} times an hour, whatever accounts and clients ask`, async () => {
        // Each account stays below its own limit and each request comes from a client of its own: only a count
        // per new address keeps a stranger's inbox from being filled with "confirm your new address" mails.
        const target = newEmail('opfer');
        const accounts = [];
        for (let i = 0; i <= perNewAddress.max; i++) accounts.push(await verifiedCustomer(ctx, client(ctx)));
        for (const { token } of accounts.slice(0, perNewAddress.max)) {
          expect((await client(ctx).put('/api/customer/me/update', { email: target }, token)).status).toBe(200);
        }
        const last = accounts.at(-1)!;
        expectLimited(
          await client(ctx).put(
            '/api/customer/me/update',
            { email: target.toUpperCase(), firstname: 'Mallory' },
            last.token,
          ),
          perNewAddress.timeWindowMs,
        );
        await settle();
        expect(await mailsTo(ctx, target)).toHaveLength(perNewAddress.max);
        // Refused before anything changed, and the account's own address heard of nothing.
        expect((await client(ctx).get('/api/customer/me', last.token)).body.result).toMatchObject({
          email: last.email,
          firstname: 'Anna',
        });
        expect(await mailsTo(ctx, last.email)).toHaveLength(1);
        // Another new address is still mailed.
        expect((await client(ctx).put('/api/customer/me/update', { email: newEmail('neu') }, last.token)).status).toBe(
          200,
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
