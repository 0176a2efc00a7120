import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { customerRateLimits } from './rate-limits.ts';
import { client, customerTestOptions, goodPassword, newEmail, registerAccount } from './test-support.ts';

/**
 * The limits of rate-limits.ts, as configured for production: per address and per client, 429 with
 * Retry-After. Each test uses its own client addresses, so the counters of one test never reach another.
 */
describeEachDatabase(
  'rate limits on login, register, reset and resend',
  (ctx) => {
    const expectLimited = (reply: { status: number; body: any; headers: Record<string, unknown> }, windowSeconds: number) => {
      expect(reply.status).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      const retryAfter = Number(reply.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    };

    describe('login', () => {
      const { perAddress, perClient } = customerRateLimits.login;

      it(`allows ${perAddress.max} attempts per address in ${perAddress.timeWindowMs / 60_000} minutes, from any number of clients`, async () => {
        const { email } = await registerAccount(client(ctx));
        for (let i = 0; i < perAddress.max; i++) {
          expect((await client(ctx).post('/api/customer/login', { email, password: 'Falsch1!x' })).status).toBe(401);
        }
        // Even the right password, from yet another client, waits now.
        expectLimited(await client(ctx).post('/api/customer/login', { email, password: goodPassword }), perAddress.timeWindowMs / 1000);
        // Other addresses are not affected.
        const other = await registerAccount(client(ctx));
        expect((await client(ctx).post('/api/customer/login', { email: other.email, password: goodPassword })).status).toBe(200);
      });

      it(`allows ${perClient.max} attempts per client and minute, across addresses`, async () => {
        const c = client(ctx);
        for (let i = 0; i < perClient.max; i++) {
          expect((await c.post('/api/customer/login', { email: newEmail(), password: 'Falsch1!x' })).status).toBe(401);
        }
        expectLimited(await c.post('/api/customer/login', { email: newEmail(), password: 'Falsch1!x' }), perClient.timeWindowMs / 1000);
        expect((await client(ctx).post('/api/customer/login', { email: newEmail(), password: 'Falsch1!x' })).status).toBe(401);
      });
    });

    it('limits registration per client', async () => {
      const c = client(ctx);
      const { perClient } = customerRateLimits.register;
      for (let i = 0; i < perClient.max; i++) await registerAccount(c);
      expectLimited(
        await c.post('/api/customer/register', { firstname: 'A', lastname: 'B', email: newEmail(), password: goodPassword, locale: 'de' }),
        perClient.timeWindowMs / 1000,
      );
    });

    it('limits registration attempts per address', async () => {
      const email = newEmail();
      const { perAddress } = customerRateLimits.register;
      const body = { firstname: 'A', lastname: 'B', email, password: goodPassword, locale: 'de' };
      // The address has an account after the first: the others answer alike (200), each mailing its owner.
      for (let i = 0; i < perAddress.max; i++) expect((await client(ctx).post('/api/customer/register', body)).status).toBe(200);
      expectLimited(await client(ctx).post('/api/customer/register', body), perAddress.timeWindowMs / 1000);
    });

    for (const [name, url, rule] of [
      ['password reset', '/api/customer/request-password-reset', customerRateLimits.passwordReset],
      ['resend verification', '/api/customer/resend-verification', customerRateLimits.resendVerification],
    ] as const) {
      it(`limits ${name} per address and per client, answering alike for unknown addresses`, async () => {
        const email = newEmail();
        for (let i = 0; i < rule.perAddress.max; i++) expect((await client(ctx).post(url, { email, locale: 'de' })).status).toBe(200);
        expectLimited(await client(ctx).post(url, { email, locale: 'de' }), rule.perAddress.timeWindowMs / 1000);

        const c = client(ctx);
        for (let i = 0; i < rule.perClient.max; i++) expect((await c.post(url, { email: newEmail(), locale: 'de' })).status).toBe(200);
        expectLimited(await c.post(url, { email: newEmail(), locale: 'de' }), rule.perClient.timeWindowMs / 1000);
      });
    }
  },
  customerTestOptions(),
);
