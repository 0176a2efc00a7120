import { generateSync } from 'otplib';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import { cheapHashing, client, movableClock, register } from '../customer/test-support.ts';
import { productionMode } from '../mode/test-support.ts';
import { runStaffCli } from './cli-commands.ts';
import { deleteEndedStaffRecords } from './sessions.ts';

const minute = 60_000;
const password = 'ein langes Passwort 1';
let accounts = 0;
const newStaffEmail = (name = 'team') => `${name}.${++accounts}@school.test`;

/** `npm run staff -w api -- …` in this process, on the test's database and clock. */
async function staffCli(ctx: TestContext, clock: ReturnType<typeof movableClock>, argv: string[], stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCli(argv, {
    db: ctx.db,
    now: clock.now,
    backofficeUrl: 'https://backoffice.test',
    readStdin: async () => stdin,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    passwordHashing: cheapHashing,
  });
  return { code, out, err };
}

const tokenOf = (line: string) => /\/setup#token=([\w-]+)$/.exec(line)?.[1] ?? '';
const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;
const codeAt = (secret: string, at: Date) => generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

const devClock = movableClock();
describeEachDatabase(
  'staff accounts and sessions',
  (ctx) => {
    beforeEach(() => devClock.reset());

    async function newAccount(role: 'owner' | 'staff' = 'staff') {
      const email = newStaffEmail(role);
      const added = await staffCli(ctx, devClock, ['add', email, '--role', role]);
      expect(added.code).toBe(0);
      const c = client(ctx);
      const setup = await c.post('/api/admin/staff/setup', { token: tokenOf(added.out[0]!), password });
      expect(setup.status, JSON.stringify(setup.body)).toBe(200);
      return { email, c, token: setup.body.result.token as string };
    }

    it('the CLI prints one setup link; the link sets the password once and logs in', async () => {
      const email = newStaffEmail('Owner');
      const added = await staffCli(ctx, devClock, ['add', email.toUpperCase(), '--role', 'owner']);
      expect(added).toMatchObject({ code: 0, err: [] });
      expect(added.out).toHaveLength(1);
      expect(added.out[0]).toMatch(
        /^Setup link for owner\.\d+@school\.test \(owner\), valid 24 hours, once: https:\/\/backoffice\.test\/setup#token=[\w-]{43}$/,
      );
      const token = tokenOf(added.out[0]!);
      const c = client(ctx);

      const info = await c.post('/api/admin/staff/setup/info', { token });
      expect(info.body).toEqual({
        result: { email: email.toLowerCase(), role: 'owner', totpRequired: false, otpauthUri: null },
      });
      const tooShort = await c.post('/api/admin/staff/setup', { token, password: 'kurz' });
      expect(tooShort.status).toBe(400);
      expect(tooShort.body.error.fields).toEqual({ password: 'password_too_short' });

      const setup = await c.post('/api/admin/staff/setup', { token, password });
      expect(setup.status).toBe(200);
      expect(setup.body.result.staff).toMatchObject({
        email: email.toLowerCase(),
        role: 'owner',
        passwordSet: true,
        totpEnrolled: false,
      });
      expect(setup.body.result.idleMinutes).toBe(30);
      const me = await c.get('/api/admin/staff/me', setup.body.result.token);
      expect(me.body.result.email).toBe(email.toLowerCase());

      const again = await c.post('/api/admin/staff/setup', { token, password: 'ein anderes Passwort 2' });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('INVALID_TOKEN');
      const login = await c.post('/api/admin/staff/login', { email, password });
      expect(login.status).toBe(200);

      const log = await c.get(
        `/api/admin/audit-log?entityType=staff&entityId=${setup.body.result.staff.id}&order=asc`,
        login.body.result.token,
      );
      expect(
        log.body.result.items.map((entry: { action: string; actor: string }) => [entry.action, entry.actor]),
      ).toEqual([
        ['cli:addStaff', 'cli'],
        ['completeStaffSetup', email.toLowerCase()],
      ]);
      expect(log.body.result.items[0].after).toEqual({ email: email.toLowerCase(), role: 'owner', passwordSet: false });
    });

    it('a setup link is valid for 24 hours', async () => {
      const added = await staffCli(ctx, devClock, ['add', newStaffEmail(), '--role', 'staff']);
      devClock.advance(24 * 60 * minute);
      const c = client(ctx);
      const info = await c.post('/api/admin/staff/setup/info', { token: tokenOf(added.out[0]!) });
      expect(info.status).toBe(400);
      expect(info.body.error.code).toBe('INVALID_TOKEN');
      const setup = await c.post('/api/admin/staff/setup', { token: tokenOf(added.out[0]!), password });
      expect(setup.status).toBe(400);
    });

    it('the CLI refuses a bad address, a bad role, a taken address with one line and a non-zero status', async () => {
      for (const argv of [
        ['add', 'not-an-address', '--role', 'owner'],
        ['add', newStaffEmail(), '--role', 'admin'],
        ['add', newStaffEmail()],
        ['add', '--role', 'owner'],
        ['frobnicate'],
      ]) {
        const run = await staffCli(ctx, devClock, argv);
        expect(run.code, argv.join(' ')).toBe(2);
        expect(run.out).toEqual([]);
        expect(run.err[0]!.length).toBeGreaterThan(10);
      }
      const email = newStaffEmail();
      expect((await staffCli(ctx, devClock, ['add', email, '--role', 'staff'])).code).toBe(0);
      const taken = await staffCli(ctx, devClock, ['add', email, '--role', 'owner']);
      expect(taken).toEqual({ code: 1, out: [], err: [`A staff account for ${email} exists already`] });
    });

    it('--password-stdin sets the password at once (no link)', async () => {
      const email = newStaffEmail();
      const run = await staffCli(ctx, devClock, ['add', email, '--role', 'staff', '--password-stdin'], `${password}\n`);
      expect(run.code).toBe(0);
      expect(run.out[0]).not.toContain('setup#token');
      const login = await client(ctx).post('/api/admin/staff/login', { email, password });
      expect(login.status).toBe(200);
      const short = await staffCli(
        ctx,
        devClock,
        ['add', newStaffEmail(), '--role', 'staff', '--password-stdin'],
        'kurz\n',
      );
      expect(short.code).toBe(2);
    });

    it('a wrong password and an unknown address get the same 401; bad input a 400 with fields', async () => {
      const { email, c } = await newAccount();
      const wrong = await c.post('/api/admin/staff/login', { email, password: 'falsches Passwort' });
      const unknown = await c.post('/api/admin/staff/login', { email: newStaffEmail('nobody'), password });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
      const bad = await c.post('/api/admin/staff/login', { email: 'x', password: '', extra: 1 });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
    });

    it('a session ends after 30 idle minutes, and 12 hours after login whatever the activity', async () => {
      const { c, token } = await newAccount();
      devClock.advance(29 * minute);
      expect((await c.get('/api/admin/staff/me', token)).status).toBe(200);
      devClock.advance(29 * minute);
      expect((await c.get('/api/admin/staff/me', token)).status).toBe(200);
      devClock.advance(30 * minute);
      const idle = await c.get('/api/admin/staff/me', token);
      expect(idle.status).toBe(401);
      expect(idle.body.error.code).toBe('UNAUTHORIZED');

      devClock.reset();
      const { c: c2, token: token2 } = await newAccount();
      for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
        devClock.advance(20 * minute);
        expect((await c2.get('/api/admin/staff/me', token2)).status).toBe(200);
      }
      devClock.advance(20 * minute);
      expect((await c2.get('/api/admin/staff/me', token2)).status).toBe(401);
    });

    it('the cleanup deletes ended sessions and setup links, and keeps live ones', async () => {
      const live = await newAccount();
      const idle = await newAccount();
      const pending = await staffCli(ctx, devClock, ['add', newStaffEmail(), '--role', 'staff']);
      devClock.advance(20 * minute);
      expect((await live.c.get('/api/admin/staff/me', live.token)).status).toBe(200);
      devClock.advance(15 * minute);
      const deleted = await deleteEndedStaffRecords(ctx.db.kysely, devClock.now());
      expect(deleted.staffSessions).toBeGreaterThanOrEqual(1);
      expect((await live.c.get('/api/admin/staff/me', live.token)).status).toBe(200);
      expect((await idle.c.get('/api/admin/staff/me', idle.token)).status).toBe(401);
      devClock.advance(24 * 60 * minute);
      expect((await deleteEndedStaffRecords(ctx.db.kysely, devClock.now())).staffSetupLinks).toBeGreaterThanOrEqual(1);
      expect((await client(ctx).post('/api/admin/staff/setup/info', { token: tokenOf(pending.out[0]!) })).status).toBe(
        400,
      );
    });

    it('logout ends the session', async () => {
      const { c, token } = await newAccount();
      expect((await c.post('/api/admin/staff/logout', undefined, token)).status).toBe(200);
      expect((await c.get('/api/admin/staff/me', token)).status).toBe(401);
    });

    it("a customer's token never opens a staff call, nor a staff token a customer call", async () => {
      const c = client(ctx);
      const customer = await register(c);
      const asCustomer = await c.get('/api/admin/staff/me', customer.token);
      expect(asCustomer.status).toBe(401);
      expect(asCustomer.body.error.code).toBe('UNAUTHORIZED');
      const { token } = await newAccount('owner');
      const asStaff = await c.get('/api/customer/me', token);
      expect(asStaff.status).toBe(401);
    });

    it('listStaff is for owners', async () => {
      const owner = await newAccount('owner');
      const staff = await newAccount('staff');
      expect((await staff.c.get('/api/admin/staff', staff.token)).status).toBe(403);
      const list = await owner.c.get('/api/admin/staff?perPage=200&sort=email&order=desc', owner.token);
      expect(list.status).toBe(200);
      const emails = list.body.result.items.map((item: { email: string }) => item.email);
      expect(emails).toEqual(expect.arrayContaining([owner.email, staff.email]));
      expect(emails).toEqual([...emails].sort().reverse());
      expect((await owner.c.get('/api/admin/staff?sort=password', owner.token)).status).toBe(400);
    });

    it('an authenticator enrolled in development is then asked for at every login', async () => {
      const { email, c } = await newAccount();
      const started = await c.post('/api/admin/staff/totp/enrolment', { email, password });
      expect(started.status).toBe(200);
      const secret = secretOf(started.body.result.otpauthUri);
      const enrol = await c.post('/api/admin/staff/login', { email, password, totp: codeAt(secret, devClock.now()) });
      expect(enrol.body.result.staff.totpEnrolled).toBe(true);
      devClock.advance(minute);
      const without = await c.post('/api/admin/staff/login', { email, password });
      expect(without.body.error.code).toBe('TOTP_REQUIRED');
      expect(
        (await c.post('/api/admin/staff/login', { email, password, totp: codeAt(secret, devClock.now()) })).status,
      ).toBe(200);
    });

    it('throttles guesses with growing waits, but never locks out a client that logged in before', async () => {
      const { email, c: owner } = await newAccount('owner');
      expect((await owner.post('/api/admin/staff/login', { email, password })).status).toBe(200);
      // One guesser: 5 tries a minute.
      const guesser = client(ctx);
      for (let i = 0; i < 5; i++)
        expect((await guesser.post('/api/admin/staff/login', { email, password: `guess ${i}` })).status).toBe(401);
      const sixth = await guesser.post('/api/admin/staff/login', { email, password });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Many guessers: the account's ceiling for unknown clients (30 in 15 minutes) is reached…
      for (let i = 0; i < 30; i++) await client(ctx).post('/api/admin/staff/login', { email, password: `spray ${i}` });
      const stranger = await client(ctx).post('/api/admin/staff/login', { email, password });
      expect(stranger.status).toBe(429);
      // …but the owner's known client still gets in.
      expect((await owner.post('/api/admin/staff/login', { email, password })).status).toBe(200);
    });
  },
  { seed: false, app: { passwordHashing: cheapHashing, now: devClock.now, shopUrl: 'https://shop.test' } },
);

const prodClock = movableClock();
describeEachDatabase(
  'staff accounts in production',
  (ctx) => {
    beforeEach(() => prodClock.reset());

    it('the setup enrols an authenticator; every login needs a fresh code of it', async () => {
      const email = newStaffEmail('prod');
      const added = await staffCli(ctx, prodClock, ['add', email, '--role', 'owner']);
      const token = tokenOf(added.out[0]!);
      const c = client(ctx);
      const info = await c.post('/api/admin/staff/setup/info', { token });
      expect(info.body.result.totpRequired).toBe(true);
      expect(info.body.result.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      const secret = secretOf(info.body.result.otpauthUri);
      // The same secret when the page is opened again.
      expect(secretOf((await c.post('/api/admin/staff/setup/info', { token })).body.result.otpauthUri)).toBe(secret);

      const noCode = await c.post('/api/admin/staff/setup', { token, password });
      expect(noCode.status).toBe(400);
      expect(noCode.body.error.fields).toEqual({ totp: 'required' });
      const wrongCode = await c.post('/api/admin/staff/setup', {
        token,
        password,
        totp: '000000' === codeAt(secret, prodClock.now()) ? '111111' : '000000',
      });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.error.code).toBe('INVALID_TOTP');
      const code = codeAt(secret, prodClock.now());
      const setup = await c.post('/api/admin/staff/setup', { token, password, totp: code });
      expect(setup.status, JSON.stringify(setup.body)).toBe(200);
      expect(setup.body.result.staff.totpEnrolled).toBe(true);

      const withoutCode = await c.post('/api/admin/staff/login', { email, password });
      expect(withoutCode.status).toBe(401);
      expect(withoutCode.body.error.code).toBe('TOTP_REQUIRED');
      const replay = await c.post('/api/admin/staff/login', { email, password, totp: code });
      expect(replay.body.error.code).toBe('INVALID_TOTP');
      prodClock.advance(30_000);
      const login = await c.post('/api/admin/staff/login', { email, password, totp: codeAt(secret, prodClock.now()) });
      expect(login.status).toBe(200);
    });

    it('refuses a --password-stdin account without a second factor until it enrols one', async () => {
      const email = newStaffEmail('scripted');
      expect(
        (await staffCli(ctx, prodClock, ['add', email, '--role', 'staff', '--password-stdin'], password)).code,
      ).toBe(0);
      const c = client(ctx);
      const refused = await c.post('/api/admin/staff/login', { email, password });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('TOTP_ENROLMENT_REQUIRED');
      const started = await c.post('/api/admin/staff/totp/enrolment', { email, password });
      const secret = secretOf(started.body.result.otpauthUri);
      expect((await c.post('/api/admin/staff/login', { email, password })).status).toBe(403);
      const login = await c.post('/api/admin/staff/login', { email, password, totp: codeAt(secret, prodClock.now()) });
      expect(login.status).toBe(200);
      expect(login.body.result.staff.totpEnrolled).toBe(true);
      const again = await c.post('/api/admin/staff/totp/enrolment', { email, password });
      expect(again.status).toBe(409);
    });
  },
  { seed: false, app: { ...productionMode, passwordHashing: cheapHashing, now: prodClock.now } },
);
