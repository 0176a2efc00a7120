import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createPasswordHasher, type PasswordHashingOptions } from './passwords.ts';
import { sessionLifetimeMs } from './sessions.ts';
import {
  client,
  customerTestOptions,
  goodPassword,
  linkIn,
  mailsTo,
  movableClock,
  newEmail,
  register,
  registerAccount,
  settle,
  verifiedCustomer,
} from './test-support.ts';

const clock = movableClock();
const hour = 60 * 60 * 1000;

describeEachDatabase(
  'customer registration, login, sessions and verification',
  (ctx) => {
    beforeEach(() => clock.reset());

    describe('register', () => {
      it('creates an unverified customer who may log in, and mails a verification link in their language', async () => {
        const c = client(ctx);
        const { email, token } = await register(c, { email: newEmail('Neu').replace('neu', 'NeU'), locale: 'es' });
        expect(token).toMatch(/^[\w-]{43}$/);
        const me = await c.get('/api/customer/me', token);
        expect(me.status).toBe(200);
        expect(me.body.result).toEqual({
          email,
          firstname: 'Anna',
          lastname: 'Muster',
          displayName: null,
          phone: null,
          birthYear: null,
          languageNiveau: null,
          languageNiveauDetails: null,
          isSubscribedToNewsletter: 0,
          isEmailVerified: false,
        });
        const [mail] = await mailsTo(ctx, email, { atLeast: 1 });
        expect(mail!.subject).toBe('Confirma tu dirección de correo electrónico');
        // Not by the typed name: whoever registered may not own the address (docs/product-rules.md#who-a-mail-greets-by-name).
        expect(mail!.text).toMatch(/^Hola:/);
        expect(`${mail!.text}${mail!.html}`).not.toContain('Anna');
        const link = linkIn(mail!);
        expect(link.path).toBe('/verify-email');
        expect(link.email).toBe(email);
        expect(mail!.html).toContain(link.url.toString().replaceAll('&', '&amp;'));
      });

      it('carries the page the registration came from into the verification link, and only a page of the shop', async () => {
        const c = client(ctx);
        const { email } = await registerAccount(c, { redirect: '/level-test/complete' });
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 1 }))[0]!);
        expect(link.path).toBe('/verify-email');
        expect(link.url.searchParams.get('redirect')).toBe('/level-test/complete');
        for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/a b']) {
          const refused = await c.post('/api/customer/register', {
            firstname: 'Anna',
            lastname: 'Muster',
            email: newEmail(),
            password: goodPassword,
            redirect,
          });
          expect(refused.status, redirect).toBe(400);
          expect(refused.body.error.fields).toEqual({ redirect: 'invalid' });
        }
      });

      it('stores only hashes: neither the password nor any token appears in the database', async () => {
        const c = client(ctx);
        const { email, token } = await register(c);
        const row = await ctx.db.kysely
          .selectFrom('customer')
          .selectAll()
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^\$argon2id\$/);
        const sessions = await ctx.db.kysely
          .selectFrom('customer_session')
          .select('token_hash')
          .where('customer_id', '=', row.id)
          .execute();
        expect(sessions.map((s) => s.token_hash)).not.toContain(token);
        expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 1 }))[0]!);
        const tokens = await ctx.db.kysely
          .selectFrom('customer_token')
          .select('token_hash')
          .where('customer_id', '=', row.id)
          .execute();
        expect(tokens.map((t) => t.token_hash)).not.toContain(link.token);
      });

      it('answers a taken address exactly like a new one, changes nothing, and mails the owner where to log in', async () => {
        const owner = await verifiedCustomer(ctx, client(ctx));
        const stranger = client(ctx);
        const fresh = await stranger.post('/api/customer/register', {
          firstname: 'Eve',
          lastname: 'X',
          email: newEmail(),
          password: 'Anders2!x',
          locale: 'en',
        });
        const taken = await stranger.post('/api/customer/register', {
          firstname: 'Eve',
          lastname: 'X',
          email: owner.email.toUpperCase(),
          password: 'Anders2!x',
          locale: 'en',
        });
        expect([taken.status, taken.body]).toEqual([fresh.status, fresh.body]);
        expect(taken.body).toEqual({ result: {} });
        expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
        // One account, with the owner's password and name.
        const rows = await ctx.db.kysely
          .selectFrom('customer')
          .select(['firstname'])
          .where('email', '=', owner.email)
          .execute();
        expect(rows).toEqual([{ firstname: 'Anna' }]);
        expect((await stranger.post('/api/customer/login', { email: owner.email, password: 'Anders2!x' })).status).toBe(
          401,
        );
        expect(
          (await client(ctx).post('/api/customer/login', { email: owner.email, password: goodPassword })).status,
        ).toBe(200);
        // The owner's inbox learns of it, in the language of the form, addressed with the account's own name (its
        // address is confirmed; an unconfirmed account's name is greeted with no name, see the registration above).
        const notice = (await mailsTo(ctx, owner.email, { atLeast: 2 })).find(
          (mail) => mail.subject === 'You already have a customer account',
        );
        expect(notice!.text).toContain('Hello Anna,');
        expect(notice!.text).not.toContain('Eve');
        expect(notice!.text).toContain('Log in: https://shop.test/login');
        expect(notice!.text).toContain(`https://shop.test/password-reset?email=${encodeURIComponent(owner.email)}`);
      });
    });

    describe('an unverified customer', () => {
      it('may read /customer/me and log in, but every other customer call answers 403 EMAIL_NOT_VERIFIED', async () => {
        const c = client(ctx);
        const { email, token } = await register(c);
        const login = await c.post('/api/customer/login', { email, password: goodPassword });
        expect(login.status).toBe(200);
        const calls = [
          () => c.get('/api/customer/me/billing-address', token),
          () =>
            c.post(
              '/api/customer/me/billing-address',
              { firstname: 'A', lastname: 'B', addressLine1: '', addressLine2: '', city: '', zip: '', country: 'DE' },
              token,
            ),
          () => c.get('/api/customer/me/balances', token),
          () => c.get('/api/customer/me/orders?limit=20&offset=0', token),
          () => c.put('/api/customer/me/update', { firstname: 'Berta' }, token),
          () =>
            c.put(
              '/api/customer/me/update-password',
              { currentPassword: goodPassword, newPassword: 'Anders2!x' },
              token,
            ),
        ];
        for (const call of calls) {
          const reply = await call();
          expect(reply.status).toBe(403);
          expect(reply.body.error.code).toBe('EMAIL_NOT_VERIFIED');
        }
        expect((await c.get('/api/customer/me', token)).status).toBe(200);
      });
    });

    describe('verify-email', () => {
      it('verifies once; the link cannot be used again', async () => {
        const c = client(ctx);
        const { email, token } = await register(c);
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 1 }))[0]!);
        const first = await c.post('/api/customer/verify-email', { token: link.token, email: link.email });
        expect(first.status).toBe(200);
        expect(first.body.result.isEmailVerified).toBe(true);
        expect((await c.get('/api/customer/me', token)).body.result.isEmailVerified).toBe(true);
        const again = await c.post('/api/customer/verify-email', { token: link.token, email: link.email });
        expect(again.status).toBe(400);
        expect(again.body.error.code).toBe('INVALID_TOKEN');
      });

      it('expires after 48 hours', async () => {
        const c = client(ctx);
        const { email } = await register(c);
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 1 }))[0]!);
        clock.advance(48 * hour + 1000);
        const late = await c.post('/api/customer/verify-email', { token: link.token, email });
        expect(late.status).toBe(400);
        expect(late.body.error.code).toBe('INVALID_TOKEN');
      });

      it('accepts a link only with its own address and a real token; without them it is a 400 with field errors', async () => {
        const c = client(ctx);
        const { email } = await register(c);
        const other = await register(c);
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 1 }))[0]!);
        expect(
          (await c.post('/api/customer/verify-email', { token: link.token, email: other.email })).body.error.code,
        ).toBe('INVALID_TOKEN');
        expect((await c.post('/api/customer/verify-email', { token: 'x'.repeat(43), email })).body.error.code).toBe(
          'INVALID_TOKEN',
        );
        const missing = await c.post('/api/customer/verify-email', { email });
        expect(missing.status).toBe(400);
        expect(missing.body.error.fields).toHaveProperty('token');
        // The right link still works after the failed attempts.
        expect((await c.post('/api/customer/verify-email', { token: link.token, email })).status).toBe(200);
      });
    });

    describe('resend-verification', () => {
      it('answers the same for unknown, unverified and verified addresses, and mails only the unverified one', async () => {
        const c = client(ctx);
        const unverified = await register(c);
        const verified = await verifiedCustomer(ctx, c);
        const unknown = newEmail('niemand');
        const replies = [];
        for (const email of [unknown, unverified.email, verified.email]) {
          const reply = await c.post('/api/customer/resend-verification', { email, locale: 'en' });
          replies.push({ status: reply.status, body: reply.body });
        }
        expect(replies[0]).toEqual({ status: 200, body: { result: { success: true } } });
        expect(replies[1]).toEqual(replies[0]);
        expect(replies[2]).toEqual(replies[0]);

        const mails = await mailsTo(ctx, unverified.email, { atLeast: 2 });
        expect(mails).toHaveLength(2);
        expect(mails[0]!.subject).toBe('Please confirm your e-mail address');
        await settle();
        expect(await mailsTo(ctx, unknown)).toHaveLength(0);
        expect(await mailsTo(ctx, verified.email)).toHaveLength(1);

        // Only the newest link works.
        const [newest, older] = mails.map(linkIn);
        expect(
          (await c.post('/api/customer/verify-email', { token: older!.token, email: unverified.email })).status,
        ).toBe(400);
        expect(
          (await c.post('/api/customer/verify-email', { token: newest!.token, email: unverified.email })).status,
        ).toBe(200);
      });
    });

    describe('login and sessions', () => {
      it('answers a wrong password and an unknown address alike, without raising the unauthorized flow', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        const wrong = await c.post('/api/customer/login', { email, password: 'Falsch1!x' });
        const unknown = await c.post('/api/customer/login', { email: newEmail(), password: 'Falsch1!x' });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } });
        expect(unknown.status).toBe(401);
        expect(unknown.body).toEqual(wrong.body);
      });

      it('accepts the address in any case and issues a fresh opaque token per login', async () => {
        const c = client(ctx);
        const { email, token } = await verifiedCustomer(ctx, c);
        const login = await c.post('/api/customer/login', {
          email: `  ${email.toUpperCase()} `,
          password: goodPassword,
        });
        expect(login.status).toBe(200);
        expect(login.body.result.token).toMatch(/^[\w-]{43}$/);
        expect(login.body.result.token).not.toBe(token);
      });

      it('keeps a session 12 hours without remember-me and 30 days with it', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        const short = (await c.post('/api/customer/login', { email, password: goodPassword })).body.result.token;
        const long = (await c.post('/api/customer/login', { email, password: goodPassword, remember: true })).body
          .result.token;
        clock.advance(sessionLifetimeMs.short - 1000);
        expect((await c.get('/api/customer/me', short)).status).toBe(200);
        clock.advance(2000);
        const expired = await c.get('/api/customer/me', short);
        expect(expired.status).toBe(401);
        expect(expired.body.error.code).toBe('UNAUTHORIZED');
        expect((await c.get('/api/customer/me', long)).status).toBe(200);
        clock.advance(sessionLifetimeMs.remember);
        expect((await c.get('/api/customer/me', long)).status).toBe(401);
      });

      it('logout revokes that token only; other sessions go on', async () => {
        const c = client(ctx);
        const { email, token } = await verifiedCustomer(ctx, c);
        const other = (await c.post('/api/customer/login', { email, password: goodPassword })).body.result.token;
        expect((await c.post('/api/customer/logout', undefined, token)).body).toEqual({ result: { success: true } });
        expect((await c.get('/api/customer/me', token)).status).toBe(401);
        expect((await c.get('/api/customer/me', other)).status).toBe(200);
        // Logging out again is harmless.
        expect((await c.post('/api/customer/logout', undefined, token)).status).toBe(200);
      });

      it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
        const c = client(ctx);
        for (const token of [null, 'not-a-token', 'A'.repeat(43)]) {
          const reply = await c.get('/api/customer/me', token);
          expect(reply.status).toBe(401);
        }
        const raw = await ctx.app.inject({
          method: 'GET',
          url: '/api/customer/me',
          headers: { authorization: 'Basic abc' },
        });
        expect(raw.statusCode).toBe(401);
      });
    });
  },
  customerTestOptions(clock),
);

const registrationHashing: PasswordHashingOptions = { memoryCost: 19_456, timeCost: 6, parallelism: 1 };

describeEachDatabase(
  'registration timing',
  (ctx) => {
    it('does the hashing work for a taken address too, so the answer takes about as long', async () => {
      const owner = await registerAccount(client(ctx));
      // CPU time of this worker process (the app runs in it, argon2 included), not wall time: on a loaded machine
      // the wall time of either can double while the other's does not, which once failed this test under the full
      // run; the CPU work a hash takes stays about the same however busy the machine is.
      const cpuMilliseconds = async (work: () => Promise<unknown>) => {
        const before = process.cpuUsage();
        await work();
        const spent = process.cpuUsage(before);
        return (spent.user + spent.system) / 1000;
      };
      const registerTaken = async () => {
        const reply = await client(ctx).post('/api/customer/register', {
          firstname: 'Eve',
          lastname: 'X',
          email: owner.email,
          password: 'Anders2!x',
          locale: 'de',
        });
        expect(reply.status).toBe(200);
      };
      // What the hashing alone costs here, measured beside the calls: a taken address must cost at least about
      // that, while a new one also writes the account.
      const hasher = createPasswordHasher(registrationHashing);
      // Interleaved, and the least of three each, so whatever else the process does weighs on both alike.
      const hashing: number[] = [];
      const taken: number[] = [];
      for (let i = 0; i < 3; i++) {
        hashing.push(await cpuMilliseconds(() => hasher.hash('Anders2!x')));
        taken.push(await cpuMilliseconds(registerTaken));
      }
      // Without the hash a taken address would cost a few milliseconds; the (here deliberately slow) argon2id
      // hash costs far more.
      expect(Math.min(...taken)).toBeGreaterThan(Math.min(...hashing) * 0.5);
    });
  },
  {
    seed: false,
    app: { shopUrl: 'https://shop.test', passwordHashing: registrationHashing },
  },
);
