import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { loginLimits, loginThrottle } from './login-throttle.ts';
import { customerRateLimits } from './rate-limits.ts';
import {
  client,
  customerTestOptions,
  goodPassword,
  linkIn,
  mailsTo,
  newEmail,
  registerAccount,
} from './test-support.ts';

/**
 * The limits of rate-limits.ts and login-throttle.ts, as configured for production: per address and per client,
 * 429 with Retry-After. Each test uses its own client addresses, so the counters of one test never reach another.
 */
describeEachDatabase(
  'rate limits on login, register, reset and resend',
  (ctx) => {
    const expectLimited = (
      reply: { status: number; body: any; headers: Record<string, unknown> },
      windowSeconds: number,
    ) => {
      expect(reply.status).toBe(429);
      expect(reply.body.error.code).toBe('TOO_MANY_REQUESTS');
      const retryAfter = Number(reply.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    };

    describe('login', () => {
      const { perClient, perAddressAndClient, perAddress } = loginLimits;
      const wrong = 'Falsch1!x';
      const throttle = () => loginThrottle(ctx.app);

      it(`a stranger's ${perAddressAndClient.max} wrong passwords stop the stranger's client, not the owner logging in from theirs`, async () => {
        const owner = client(ctx);
        const { email } = await registerAccount(owner);
        const stranger = client(ctx);
        for (let i = 0; i < perAddressAndClient.max; i++)
          expect((await stranger.post('/api/customer/login', { email, password: wrong })).status).toBe(401);
        ctx.queries.length = 0;
        // Refused before the account is even looked up, so before any hashing, the right password too.
        expectLimited(
          await stranger.post('/api/customer/login', { email, password: goodPassword }),
          perAddressAndClient.timeWindowMs / 1000,
        );
        expect(ctx.queries.some((query) => query.includes('"customer"'))).toBe(false);
        expect((await owner.post('/api/customer/login', { email, password: goodPassword })).status).toBe(200);
      });

      it('a successful login starts the count of failed attempts from its client afresh', async () => {
        const owner = client(ctx);
        const { email } = await registerAccount(owner);
        for (let i = 0; i < perAddressAndClient.max - 1; i++)
          expect((await owner.post('/api/customer/login', { email, password: wrong })).status).toBe(401);
        expect((await owner.post('/api/customer/login', { email, password: goodPassword })).status).toBe(200);
        expect(await throttle().attemptsSinceSuccess(email, owner.ip)).toBe(0);
        for (let i = 0; i < perAddressAndClient.max; i++)
          expect((await owner.post('/api/customer/login', { email, password: wrong })).status).toBe(401);
        expectLimited(
          await owner.post('/api/customer/login', { email, password: goodPassword }),
          perAddressAndClient.timeWindowMs / 1000,
        );
      });

      it(
        '6,000 requests with random addresses from one client do not reset the count at the victim',
        { timeout: 120_000 },
        async () => {
          const { email } = await registerAccount(client(ctx));
          const attacker = client(ctx);
          for (let i = 0; i < perAddressAndClient.max; i++)
            await attacker.post('/api/customer/login', { email, password: wrong });
          expectLimited(
            await attacker.post('/api/customer/login', { email, password: wrong }),
            perAddressAndClient.timeWindowMs / 1000,
          );
          const before = await throttle().attemptsSinceSuccess(email, attacker.ip);
          expect(before).toBe(perAddressAndClient.max + 1);

          const statuses = new Map<number, number>();
          for (let sent = 0; sent < 6000; sent += 100) {
            const replies = await Promise.all(
              Array.from({ length: 100 }, () =>
                attacker.post('/api/customer/login', { email: newEmail('spray'), password: wrong }),
              ),
            );
            for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          }
          // The client's own limit stopped the flood (the requests before it went to unknown addresses: 401).
          expect(statuses.get(429)).toBeGreaterThanOrEqual(6000 - perClient.max);
          expect(await throttle().attemptsSinceSuccess(email, attacker.ip)).toBe(before);
          const refused = await attacker.post('/api/customer/login', { email, password: goodPassword });
          expect(refused.status).toBe(429);
        },
      );

      it(`allows ${perAddress.max} attempts per address in ${perAddress.timeWindowMs / 3_600_000} hours from all clients together`, async () => {
        const owner = client(ctx);
        const { email } = await registerAccount(owner);
        // Many clients, each within its own limit for the address.
        let guesser = client(ctx);
        for (let i = 0; i < perAddress.max; i++) {
          if (i > 0 && i % perAddressAndClient.max === 0) guesser = client(ctx);
          expect((await guesser.post('/api/customer/login', { email, password: wrong })).status).toBe(401);
        }
        // Now even the owner with the right password waits: the ceiling is what stops a guesser with many clients.
        expectLimited(
          await owner.post('/api/customer/login', { email, password: goodPassword }),
          perAddress.timeWindowMs / 1000,
        );
        const other = await registerAccount(client(ctx));
        expect(
          (await client(ctx).post('/api/customer/login', { email: other.email, password: goodPassword })).status,
        ).toBe(200);
      });

      it('a password reset lets the owner in again after strangers used up the ceiling; their guesses start afresh', async () => {
        const owner = client(ctx);
        const { email } = await registerAccount(owner);
        let guesser = client(ctx);
        for (let i = 0; i < perAddress.max; i++) {
          if (i > 0 && i % perAddressAndClient.max === 0) guesser = client(ctx);
          await guesser.post('/api/customer/login', { email, password: wrong });
        }
        expect((await owner.post('/api/customer/login', { email, password: goodPassword })).status).toBe(429);
        // The owner proves the inbox and replaces the password: every guess so far was at the old one.
        await owner.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const mails = await mailsTo(ctx, email, { atLeast: 2 });
        const { token } = linkIn(mails.find((mail) => mail.subject === 'Passwort zurücksetzen')!);
        const newPassword = 'Anders#Neu7';
        expect((await owner.post('/api/customer/reset-password', { token, email, newPassword })).status).toBe(200);
        expect((await owner.post('/api/customer/login', { email, password: newPassword })).status).toBe(200);
        // Only the owner's count starts afresh: the last guesser's client has used its ten and still waits.
        expect((await guesser.post('/api/customer/login', { email, password: wrong })).status).toBe(429);
      });

      it(`allows ${perClient.max} attempts per client in ${perClient.timeWindowMs / 60_000} minutes, across addresses`, async () => {
        const c = client(ctx);
        for (let i = 0; i < perClient.max; i++) {
          expect((await c.post('/api/customer/login', { email: newEmail(), password: wrong })).status).toBe(401);
        }
        expectLimited(
          await c.post('/api/customer/login', { email: newEmail(), password: wrong }),
          perClient.timeWindowMs / 1000,
        );
        expect((await client(ctx).post('/api/customer/login', { email: newEmail(), password: wrong })).status).toBe(
          401,
        );
      });
    });

    it('limits registration per client', async () => {
      const c = client(ctx);
      const { perClient } = customerRateLimits.register;
      for (let i = 0; i < perClient.max; i++) await registerAccount(c);
      expectLimited(
        await c.post('/api/customer/register', {
          firstname: 'A',
          lastname: 'B',
          email: newEmail(),
          password: goodPassword,
          locale: 'de',
        }),
        perClient.timeWindowMs / 1000,
      );
    });

    it('limits registration attempts per address', async () => {
      const email = newEmail();
      const { perAddress } = customerRateLimits.register;
      const body = { firstname: 'A', lastname: 'B', email, password: goodPassword, locale: 'de' };
      // The address has an account after the first: the others answer alike (200), each mailing its owner.
      for (let i = 0; i < perAddress.max; i++)
        expect((await client(ctx).post('/api/customer/register', body)).status).toBe(200);
      expectLimited(await client(ctx).post('/api/customer/register', body), perAddress.timeWindowMs / 1000);
    });

    it('counts the aliases of one inbox (+tags, Gmail dots) as one address, so they cannot flood it', async () => {
      const { perAddress } = customerRateLimits.register;
      const stamp = Date.now();
      const aliases = Array.from({ length: perAddress.max + 1 }, (_, i) => `opfer.${stamp}+shop${i}@example.org`);
      const body = (email: string) => ({ firstname: 'A', lastname: 'B', email, password: goodPassword, locale: 'de' });
      // Each alias is a new account with its own verification mail, and each comes from a client of its own.
      for (const alias of aliases.slice(0, perAddress.max))
        expect((await client(ctx).post('/api/customer/register', body(alias))).status).toBe(200);
      expectLimited(
        await client(ctx).post('/api/customer/register', body(aliases.at(-1)!)),
        perAddress.timeWindowMs / 1000,
      );
      const gmail = [`o.p.f.e.r.${stamp}@gmail.com`, `opfer${stamp}+x@googlemail.com`, `OPFER${stamp}@gmail.com`];
      for (let i = 0; i < perAddress.max; i++)
        await client(ctx).post('/api/customer/register', body(gmail[i % gmail.length]!));
      expectLimited(
        await client(ctx).post('/api/customer/register', body(`opf.er${stamp}@gmail.com`)),
        perAddress.timeWindowMs / 1000,
      );
    });

    for (const [name, url, rule] of [
      ['password reset', '/api/customer/request-password-reset', customerRateLimits.passwordReset],
      ['resend verification', '/api/customer/resend-verification', customerRateLimits.resendVerification],
    ] as const) {
      it(`limits ${name} per address and per client, answering alike for unknown addresses`, async () => {
        const email = newEmail();
        for (let i = 0; i < rule.perAddress.max; i++)
          expect((await client(ctx).post(url, { email, locale: 'de' })).status).toBe(200);
        expectLimited(await client(ctx).post(url, { email, locale: 'de' }), rule.perAddress.timeWindowMs / 1000);

        const c = client(ctx);
        for (let i = 0; i < rule.perClient.max; i++)
          expect((await c.post(url, { email: newEmail(), locale: 'de' })).status).toBe(200);
        expectLimited(await c.post(url, { email: newEmail(), locale: 'de' }), rule.perClient.timeWindowMs / 1000);
      });
    }
  },
  customerTestOptions(),
);
