import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import { backgroundTasksDone } from './background.ts';
import { deviceCookieName } from './devices.ts';
import { issueLoginLink } from './login-links.ts';
import { loginLimits } from './login-throttle.ts';
import { customerRateLimits } from './rate-limits.ts';
import {
  customerTestOptions,
  goodPassword,
  linkIn,
  mailsTo,
  movableClock,
  newEmail,
  registerAccount,
  client,
} from './test-support.ts';

/**
 * docs/decisions/0086-no-lockout-of-the-owner.md: strangers guessing at an account from many clients use up its
 * ceiling of attempts, and then the right password is refused for a day — but not in a browser that has logged in
 * to the account before (its device cookie), and not to whoever follows a login link from the account's inbox.
 * Guessing without either stays as slow as before.
 */

let browsers = 0;

/** A browser: its own client address and its own cookie jar (the device cookie). */
function browser(ctx: TestContext, ip?: string) {
  const n = ++browsers;
  const address = ip ?? `10.86.${(n >> 8) & 255}.${n & 255}`;
  let cookie: string | null = null;
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { ...(cookie ? { cookie } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body as object,
    });
    const setCookie = response.headers['set-cookie'];
    if (typeof setCookie === 'string') cookie = setCookie.split(';')[0]!;
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  return {
    ip: address,
    post,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
    login: (email: string, password: string) => post('/api/customer/login', { email, password }),
  };
}

const wrong = 'Falsch1!x';

/**
 * Strangers on ten clients, each within its own limit, use up the address's ceiling of attempts (what the owner's own
 * logins counted towards it comes off): then a fresh client is refused.
 */
async function lockOut(ctx: TestContext, email: string) {
  const { perAddress, perAddressAndClient } = loginLimits;
  let guesser = client(ctx);
  for (let i = 0; i < perAddress.max; i++) {
    if (i > 0 && i % perAddressAndClient.max === 0) guesser = client(ctx);
    const status = (await guesser.post('/api/customer/login', { email, password: wrong })).status;
    if (status === 429) break;
    expect(status).toBe(401);
  }
  expect((await client(ctx).post('/api/customer/login', { email, password: wrong })).status).toBe(429);
}

const clock = movableClock();

/** The heart of it, run with the counters in the database and in Redis. */
function ownersBrowserStaysIn(ctx: TestContext) {
  it('a browser that has logged in before still logs in while strangers have used up the ceiling; others wait as before', async () => {
    const { email } = await registerAccount(client(ctx));
    const owners = browser(ctx);
    expect((await owners.login(email, goodPassword)).status).toBe(200);
    expect(owners.cookie).toMatch(new RegExp(`^${deviceCookieName}=[A-Za-z0-9_-]{43}$`));

    await lockOut(ctx, email);
    // Guessing stays as slow as before: a new browser, and a new client, meet the ceiling, the right password too.
    expect((await browser(ctx).login(email, goodPassword)).status).toBe(429);
    expect((await browser(ctx, owners.ip).login(email, goodPassword)).status).toBe(429);
    // The owner's browser is judged by its own count.
    const again = await owners.login(email, goodPassword);
    expect(again.status).toBe(200);
    expect(again.body.result.token).toEqual(expect.any(String));
  });
}

describeEachDatabase(
  'no lockout of the owner',
  (ctx) => {
    describe('device cookies', () => {
      ownersBrowserStaysIn(ctx);

      it('sets the cookie HttpOnly, SameSite=Strict, Secure, for the customer calls only, for half a year', async () => {
        const { email } = await registerAccount(client(ctx));
        const reply = await browser(ctx).login(email, goodPassword);
        const cookie = String(reply.headers['set-cookie']);
        expect(cookie).toMatch(/; Path=\/api\/customer; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$/);
      });

      it(`lets one browser try ${loginLimits.perDevice.max} wrong passwords per hour, then it waits too; a success starts afresh`, async () => {
        const { email } = await registerAccount(client(ctx));
        const owners = browser(ctx);
        expect((await owners.login(email, goodPassword)).status).toBe(200);
        await lockOut(ctx, email);
        for (let i = 0; i < loginLimits.perDevice.max - 1; i++)
          expect((await owners.login(email, wrong)).status).toBe(401);
        expect((await owners.login(email, goodPassword)).status).toBe(200);
        for (let i = 0; i < loginLimits.perDevice.max; i++) expect((await owners.login(email, wrong)).status).toBe(401);
        const refused = await owners.login(email, goodPassword);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      });

      it("a cookie of another account, an unknown or a malformed one counts as none, and a browser keeps several accounts' tokens", async () => {
        const first = await registerAccount(client(ctx));
        const second = await registerAccount(client(ctx));
        const shared = browser(ctx);
        expect((await shared.login(first.email, goodPassword)).status).toBe(200);
        const firstOnly = shared.cookie;
        await lockOut(ctx, second.email);
        expect((await shared.login(second.email, goodPassword)).status).toBe(429);
        for (const forged of [`${deviceCookieName}=${'A'.repeat(43)}`, `${deviceCookieName}=x`, 'other=1']) {
          const stranger = browser(ctx);
          stranger.cookie = forged;
          expect((await stranger.login(second.email, goodPassword)).status).toBe(429);
        }
        // Logging in to the second account in the same browser (after the attack) adds its token in front.
        const later = browser(ctx, shared.ip);
        later.cookie = firstOnly;
        await lockOut(ctx, first.email);
        expect((await later.login(first.email, goodPassword)).status).toBe(200);
        expect(later.cookie!.split('=')[1]!.split('.')).toHaveLength(1);
        // A third account in the same browser: its token goes in front, the first account's stays and still works.
        const third = await registerAccount(client(ctx));
        expect((await later.login(third.email, goodPassword)).status).toBe(200);
        expect(later.cookie!.split('=')[1]!.split('.')).toHaveLength(2);
        expect((await later.login(first.email, goodPassword)).status).toBe(200);
      });

      it('a password reset makes its browser known to the account, so strangers cannot lock it out again at once', async () => {
        const { email } = await registerAccount(client(ctx));
        await lockOut(ctx, email);
        const owners = browser(ctx);
        await owners.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const mails = await mailsTo(ctx, email, { atLeast: 2 });
        const { token } = linkIn(mails.find((mail) => mail.subject === 'Passwort zurücksetzen')!);
        const newPassword = 'Anders#Neu7';
        expect((await owners.post('/api/customer/reset-password', { token, email, newPassword })).status).toBe(200);
        expect(owners.cookie).not.toBeNull();
        await lockOut(ctx, email);
        expect((await owners.login(email, newPassword)).status).toBe(200);
      });
    });

    describe('login link by mail', () => {
      const requestLink = (from: ReturnType<typeof browser>, email: string) =>
        from.post('/api/customer/request-login-link', { email, locale: 'en' });
      const loginLinkMails = async (email: string) =>
        (await mailsTo(ctx, email)).filter((mail) => mail.subject === 'Your login link');

      it('logs in once from any browser while strangers have used up the ceiling, and knows that browser from then on', async () => {
        clock.reset();
        const { email } = await registerAccount(client(ctx));
        await lockOut(ctx, email);
        const anywhere = browser(ctx);
        expect(await requestLink(anywhere, email)).toMatchObject({ status: 200, body: { result: { success: true } } });
        const [mail] = await mailsTo(ctx, email, { atLeast: 2 }).then((mails) =>
          mails.filter((each) => each.subject === 'Your login link'),
        );
        expect(mail!.text).toContain('valid for 15 minutes');
        const link = linkIn(mail!);
        expect(link.path).toBe('/login-link');
        expect(link.email).toBe(email);

        const loggedIn = await anywhere.post('/api/customer/login-link', { token: link.token, email, remember: true });
        expect(loggedIn.status).toBe(200);
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/customer/me',
          headers: { authorization: `Bearer ${loggedIn.body.result.token}` },
        });
        expect(me.statusCode).toBe(200);
        // The inbox is proven.
        expect(me.json().result.isEmailVerified).toBe(true);
        // Once only.
        const twice = await browser(ctx).post('/api/customer/login-link', { token: link.token, email });
        expect(twice).toMatchObject({ status: 400, body: { error: { code: 'INVALID_TOKEN' } } });
        // Its browser is known now: its password login gets past the strangers' ceiling.
        expect((await anywhere.login(email, goodPassword)).status).toBe(200);
      });

      it('expires after 15 minutes, and works for its own address only', async () => {
        clock.reset();
        const { email } = await registerAccount(client(ctx));
        const customer = await ctx.db.kysely
          .selectFrom('customer')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const late = await issueLoginLink(ctx.db, { customerId: customer.id, email, now: clock.now() });
        const other = await issueLoginLink(ctx.db, { customerId: customer.id, email, now: clock.now() });
        const b = browser(ctx);
        expect((await b.post('/api/customer/login-link', { token: other, email: newEmail() })).status).toBe(400);
        clock.advance(15 * 60_000 + 1);
        expect((await b.post('/api/customer/login-link', { token: late, email })).status).toBe(400);
        clock.reset();
        // A newer link voided no older one: whoever asks for links cannot void the owner's.
        expect((await b.post('/api/customer/login-link', { token: other, email })).status).toBe(200);
      });

      it('answers alike for unknown addresses, mails an inbox at most once in five minutes, and limits each client', async () => {
        const { email } = await registerAccount(client(ctx));
        const unknown = newEmail('nobody');
        const asker = browser(ctx);
        const known = await requestLink(asker, email);
        const none = await requestLink(asker, unknown);
        expect(none.status).toBe(known.status);
        expect(none.body).toEqual(known.body);
        // Again, also through an alias of the inbox: the same answer, no second mail (the first link is still valid).
        const alias = email.replace('@', '+again@');
        expect((await requestLink(browser(ctx), alias)).body).toEqual(known.body);
        expect(await requestLink(browser(ctx), email)).toEqual(expect.objectContaining({ status: 200 }));
        await mailsTo(ctx, email, { atLeast: 2 });
        // Every background mail task of these answers has ended: a second link mail would be queued by now.
        await backgroundTasksDone();
        expect(await loginLinkMails(email)).toHaveLength(1);
        expect(await mailsTo(ctx, unknown)).toEqual([]);

        const { max } = customerRateLimits.loginLink.perClient;
        const sprayer = browser(ctx);
        for (let i = 0; i < max; i++) expect((await requestLink(sprayer, newEmail('spray'))).status).toBe(200);
        const refused = await requestLink(sprayer, newEmail('spray'));
        expect(refused.status).toBe(429);
      });
    });
  },
  customerTestOptions(clock),
);

const redisUrl = inject('redisUrl');
describe.skipIf(!redisUrl)(
  `no lockout of the owner, counters in Redis${redisUrl ? '' : ' [Redis: NOT AVAILABLE, skipped]'}`,
  () => {
    describeEachDatabase('device cookies', ownersBrowserStaysIn, {
      ...customerTestOptions(movableClock()),
      app: {
        ...customerTestOptions(movableClock()).app,
        redisUrl,
        redisKeyPrefix: `test:${randomUUID()}:`,
      },
    });
  },
);
