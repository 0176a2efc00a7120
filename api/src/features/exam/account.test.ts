import { createHash } from 'node:crypto';
import { examResultLifetimeMs, type ExamResult } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { deliverDueMails } from '../../mail/delivery.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { failedMails } from '../../mail/outbox.ts';
import { testNow, describeEachDatabase, type TestContext } from '../../test/databases.ts';
import {
  cheapHashing,
  client,
  mailsTo,
  movableClock,
  newEmail,
  register,
  verifiedCustomer,
} from '../customer/test-support.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { resultMailAddressLimit, resultMailBucket } from './result-mail-limit.ts';
import { resultMailRateLimit, submitRateLimit } from './routes.ts';
import { takeExam } from './test-support.ts';

const score = { level: 'B1', reachedPoints: 11, maxPoints: 16, targetDetail: 'B1.1' } as const;
const correctFlag = /"[a-z_]*correct[a-z_]*"\s*:/i;

const expectFields = (reply: { status: number; body: any }, ...fields: string[]) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error.code).toBe('VALIDATION_ERROR');
  for (const field of fields) expect(reply.body.error.fields, JSON.stringify(reply.body)).toHaveProperty([field]);
};

const clock = movableClock();

describeEachDatabase(
  'exam API for customers: save and history',
  (ctx) => {
    const serverScore = (result: ExamResult) => ({
      level: result.level,
      reachedPoints: result.reachedPoints,
      maxPoints: result.maxPoints,
      targetDetail: result.targetDetail,
    });

    it('saves the result the server scored to the history and makes it the customer’s level', async () => {
      clock.reset();
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const result = await takeExam(c, 'B2', 5);
      expect(serverScore(result)).toEqual({ level: 'B1', reachedPoints: 5, maxPoints: 16, targetDetail: 'B1.2' });
      const saved = await c.post('/api/exam/save', { resultToken: result.resultToken }, token);
      expect(saved.status).toBe(200);
      expect(saved.body.result).toEqual({
        id: expect.any(Number),
        createdAt: testNow.toISOString(),
        ...serverScore(result),
      });
      const me = await c.get('/api/customer/me', token);
      expect(me.body.result).toMatchObject({ languageNiveau: 'b1', languageNiveauDetails: 'B1.2' });
    });

    it('lists only the customer’s own results, newest first', async () => {
      clock.reset();
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const other = client(ctx);
      const { token: otherToken } = await verifiedCustomer(ctx, other);
      expect((await c.get('/api/exam/history', token)).body.result).toEqual([]);

      await c.post('/api/exam/save', { resultToken: (await takeExam(c, 'A2', 16)).resultToken }, token);
      clock.advance(60_000);
      await c.post('/api/exam/save', { resultToken: (await takeExam(c, 'B1', 0)).resultToken }, token);
      clock.advance(60_000);
      await other.post('/api/exam/save', { resultToken: (await takeExam(other, 'C1', 16)).resultToken }, otherToken);

      const history = await c.get('/api/exam/history', token);
      expect(history.status).toBe(200);
      expect(history.body.result.map((e: any) => [e.level, e.createdAt])).toEqual([
        ['A2', new Date(testNow.getTime() + 60_000).toISOString()],
        ['A2', testNow.toISOString()],
      ]);
      expect((await other.get('/api/exam/history', otherToken)).body.result.map((e: any) => e.level)).toEqual(['C1']);
      // The level follows the latest save.
      expect((await c.get('/api/customer/me', token)).body.result.languageNiveauDetails).toBe('A2.1');
    });

    it('needs a live token of a verified customer, checked before the body', async () => {
      const c = client(ctx);
      for (const token of [undefined, 'not-a-token']) {
        for (const body of [{ resultToken: 'x' }, { level: 7 }, undefined]) {
          const save = await c.post('/api/exam/save', body, token);
          expect(save.status, JSON.stringify(body)).toBe(401);
          expect(save.body.error.code).toBe('UNAUTHORIZED');
        }
        expect((await c.get('/api/exam/history', token)).status).toBe(401);
      }
      const { token } = await register(c);
      expect((await c.post('/api/exam/save', { resultToken: 'x' }, token)).body.error.code).toBe('EMAIL_NOT_VERIFIED');
      expect((await c.get('/api/exam/history', token)).status).toBe(403);
      const logout = await c.post('/api/customer/logout', undefined, token);
      expect(logout.status).toBeLessThan(500);
    });

    it('refuses a score the server did not compute: stated, altered or made up', async () => {
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const real = await takeExam(c, 'A1', 0);
      // The old way of saving: a score stated by the browser (C1, full marks, never taken).
      const stated = await c.post(
        '/api/exam/save',
        { level: 'C1', reachedPoints: 16, maxPoints: 16, targetDetail: 'C1.2' },
        token,
      );
      expect(stated.status).toBe(400);
      expect(Object.keys(stated.body.error.fields)).toEqual(
        expect.arrayContaining(['resultToken', 'level', 'reachedPoints']),
      );
      expectFields(
        await c.post('/api/exam/save', { resultToken: real.resultToken, reachedPoints: 16 }, token),
        'reachedPoints',
      );
      expectFields(await c.post('/api/exam/save', { resultToken: '' }, token), 'resultToken');
      expectFields(await c.post('/api/exam/save', { resultToken: `${real.resultToken}\u0000` }, token), 'resultToken');
      const altered = `${real.resultToken.slice(0, -1)}${real.resultToken.endsWith('A') ? 'B' : 'A'}`;
      for (const resultToken of ['made-up', real.resultToken.slice(0, -1), altered]) {
        const forged = await c.post('/api/exam/save', { resultToken }, token);
        expect(forged.status).toBe(400);
        expect(forged.body.error).toMatchObject({
          code: 'UNKNOWN_EXAM_RESULT',
          fields: { resultToken: 'unknown_result' },
        });
      }
      expect((await c.get('/api/exam/history', token)).body.result).toEqual([]);
      expect((await c.get('/api/customer/me', token)).body.result).toMatchObject({
        languageNiveau: null,
        languageNiveauDetails: null,
      });
    });

    it('saves one result once: again for the same customer answers the same entry, for another one nothing', async () => {
      clock.reset();
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const other = client(ctx);
      const { token: otherToken } = await verifiedCustomer(ctx, other);
      const { resultToken } = await takeExam(c, 'B1', 16);
      // Two tabs saving at once, then once more.
      const [first, second] = await Promise.all([
        c.post('/api/exam/save', { resultToken }, token),
        c.post('/api/exam/save', { resultToken }, token),
      ]);
      const third = await c.post('/api/exam/save', { resultToken }, token);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(second.body.result).toEqual(first.body.result);
      expect(third.body.result).toEqual(first.body.result);
      expect((await c.get('/api/exam/history', token)).body.result).toHaveLength(1);
      const stolen = await other.post('/api/exam/save', { resultToken }, otherToken);
      expect(stolen.body.error.code).toBe('UNKNOWN_EXAM_RESULT');
      expect((await other.get('/api/exam/history', otherToken)).body.result).toEqual([]);
    });

    it(`keeps at most ${submitRateLimit.max} scored results per client and hour (each is stored for a day)`, async () => {
      const c = client(ctx);
      const exam = (await c.get('/api/exam/level/A1')).body.result;
      const body = {
        level: 'A1',
        answers: exam.questions.map((q: any) => ({ questionId: q.id, answerId: q.answers[0].id })),
      };
      for (let i = 0; i < submitRateLimit.max; i++) expect((await c.post('/api/exam/submit', body)).status).toBe(200);
      const limited = await c.post('/api/exam/submit', body);
      expect([limited.status, limited.body.error.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect((await client(ctx).post('/api/exam/submit', body)).status).toBe(200);
    });

    it('keeps a scored result for the 24 hours a result is valid, hashed, and sweeps it after', async () => {
      clock.reset();
      const c = client(ctx);
      const { email, password } = await verifiedCustomer(ctx, c);
      const late = await takeExam(c, 'A2', 8);
      const onTime = await takeExam(c, 'A2', 8);
      const stored = await ctx.db.kysely.selectFrom('exam_scored_result').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(late.resultToken);
      clock.advance(examResultLifetimeMs - 1000);
      // A day later the first session is over: a new one.
      const token = (await c.post('/api/customer/login', { email, password })).body.result.token as string;
      expect((await c.post('/api/exam/save', { resultToken: onTime.resultToken }, token)).status).toBe(200);
      clock.advance(2000);
      expect((await c.post('/api/exam/save', { resultToken: late.resultToken }, token)).body.error.code).toBe(
        'UNKNOWN_EXAM_RESULT',
      );
      await takeExam(c, 'A1', 0);
      const left = await ctx.db.kysely.selectFrom('exam_scored_result').select('expires_at').execute();
      expect(left.every((row) => row.expires_at > clock.now().toISOString())).toBe(true);
    });
  },
  { app: { passwordHashing: cheapHashing, now: clock.now, shopUrl: 'https://shop.test' } },
);

describeEachDatabase(
  'POST /api/exam/send-result-email',
  (ctx) => {
    const request = (email: string, locale = 'de') => ({ email, locale, ...score });

    it('mails the result with links to the recommended offers, in the request’s language', async () => {
      const c = client(ctx);
      const email = newEmail('gast');
      const reply = await c.post('/api/exam/send-result-email', request(email));
      expect(reply).toMatchObject({ status: 200, body: { result: { sent: true } } });
      const [mail] = await mailsTo(ctx, email, { atLeast: 1 });
      expect(mail!.subject).toBe('Ihr Ergebnis im Einstufungstest: B1');
      expect(mail!.text).toContain('Erreichte Punkte: 11 von 16');
      expect(mail!.text).toContain('Empfohlener Einstieg: B1.1');
      expect(mail!.text).toContain(
        'Gruppenkurse auf Niveau B1: https://shop.test/courses?preSelectedTags=b1&courseType=1',
      );
      expect(mail!.text).toContain(
        'Konversationsstunden auf Niveau B1: https://shop.test/courses?preSelectedTags=b1&courseType=3',
      );
      expect(mail!.text).toMatch(
        /Flexibles Lernen: Modul B1\.1 – Meinungen äußern: https:\/\/shop\.test\/modular-course\?flexLearningId=\d+/,
      );
      expect(mail!.text).toMatch(
        /Einzelangebot: DELE B1 Prüfungsvorbereitung: https:\/\/shop\.test\/products\?productId=\d+/,
      );
      expect(mail!.html).toContain('href="https://shop.test/courses?preSelectedTags=b1&amp;courseType=1"');

      const english = newEmail('guest');
      await c.post('/api/exam/send-result-email', request(english, 'en'));
      const [en] = await mailsTo(ctx, english, { atLeast: 1 });
      expect(en!.subject).toBe('Your placement test result: B1');
      expect(en!.text).toContain('Flexible learning: Module B1.1 – Expressing opinions');
      const spanish = newEmail('invitado');
      await c.post('/api/exam/send-result-email', request(spanish, 'es'));
      expect((await mailsTo(ctx, spanish, { atLeast: 1 }))[0]!.subject).toBe('Tu resultado de la prueba de nivel: B1');
    });

    it('rejects bad requests without sending anything', async () => {
      const c = client(ctx);
      const email = newEmail();
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), email: '' }), 'email');
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), email: 'kein-at' }), 'email');
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), locale: 'fr' }), 'locale');
      expectFields(
        await c.post('/api/exam/send-result-email', { ...request(email), reachedPoints: 20 }),
        'reachedPoints',
      );
      expectFields(
        await c.post('/api/exam/send-result-email', { ...request(email), targetDetail: 'A1.1' }),
        'targetDetail',
      );
      expectFields(await c.post('/api/exam/send-result-email', { level: 'B1', email }), 'maxPoints', 'locale');
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), bcc: 'x@y.de' }), 'bcc');
      expect(await mailsTo(ctx, email)).toEqual([]);
    });

    it("refuses a level or sub-level the points cannot give by the test's scoring rule, sending nothing", async () => {
      const c = client(ctx);
      const email = newEmail('erfunden');
      // C1 needs 60 % of the C1 test; 5 of 16 places at B2 at best.
      expectFields(
        await c.post('/api/exam/send-result-email', {
          ...request(email),
          level: 'C1',
          targetDetail: 'C1.2',
          reachedPoints: 5,
        }),
        'level',
      );
      // 15 of 16 reaches any tested level in its upper half.
      expectFields(
        await c.post('/api/exam/send-result-email', { ...request(email), reachedPoints: 15, targetDetail: 'B1.1' }),
        'targetDetail',
      );
      expect(await mailsTo(ctx, email)).toEqual([]);
      // What the rule does give is mailed: B2 in its first half after missing the C1 test by far.
      const placed = { level: 'B2', targetDetail: 'B2.1', reachedPoints: 1, maxPoints: 16 };
      expect((await c.post('/api/exam/send-result-email', { ...request(email), ...placed })).status).toBe(200);
    });

    it('a refused result uses up nothing of the client’s mails', async () => {
      const c = client(ctx);
      for (let i = 0; i <= resultMailRateLimit.max; i++)
        expectFields(
          await c.post('/api/exam/send-result-email', {
            ...request(newEmail()),
            level: 'C1',
            targetDetail: 'C1.1',
            reachedPoints: 5,
          }),
          'level',
        );
      expect((await c.post('/api/exam/send-result-email', request(newEmail()))).status).toBe(200);
    });

    it(`allows ${resultMailRateLimit.max} mails per client and hour, then answers 429`, async () => {
      const c = client(ctx);
      for (let i = 0; i < resultMailRateLimit.max; i++) {
        expect((await c.post('/api/exam/send-result-email', request(newEmail()))).status).toBe(200);
      }
      const limited = await c.post('/api/exam/send-result-email', request(newEmail()));
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect((await client(ctx).post('/api/exam/send-result-email', request(newEmail()))).status).toBe(200);
    });

    it(`mails one address at most ${resultMailAddressLimit.max} times an hour from any clients, keeping no trace of the address`, async () => {
      // A client per request: the per-client limit alone let every further machine send 20 more to one inbox.
      // An address of a bucket no other test's mail has counted in yet: buckets are shared (one in 4,096 addresses),
      // and an address made at random shared one with an earlier test's now and then, which left it fewer than 5.
      const counted = new Set(
        (await ctx.db.kysely.selectFrom('rate_limit').select('key').execute()).map((row) => row.key),
      );
      const bucketKey = (address: string) => `result-mail:address-bucket:${resultMailBucket(mailboxKey(address))}`;
      let email = newEmail('opfer');
      while (counted.has(bucketKey(email))) email = newEmail('opfer');
      for (let i = 0; i < resultMailAddressLimit.max; i++)
        expect((await client(ctx).post('/api/exam/send-result-email', request(email))).status).toBe(200);
      const limited = await client(ctx).post('/api/exam/send-result-email', request(` ${email.toUpperCase()}`));
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(await mailsTo(ctx, email)).toHaveLength(resultMailAddressLimit.max);
      // The page promises not to keep the address: the counters hold neither it nor its hash.
      const keys = JSON.stringify(await ctx.db.kysely.selectFrom('rate_limit').select('key').execute());
      expect(keys).not.toContain(email);
      expect(keys).not.toContain(createHash('sha256').update(email).digest('hex'));
      expect(keys).not.toContain(createHash('sha256').update(email).digest('base64url'));
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);

/** A mailer that keeps nothing in the database, so the test sees everything that was stored. */
const sent: MailMessage[] = [];
const memoryMailer: Mailer = {
  usesOutbox: false,
  async deliver(message) {
    if (message.to.startsWith('broken'))
      throw Object.assign(new Error(`550 rejected ${message.to}`), { code: 'EENVELOPE', responseCode: 550 });
    sent.push(message);
  },
};
/** What the delivery job does, at once. */
const deliver = (ctx: TestContext) => deliverDueMails({ db: ctx.db.kysely, mailer: memoryMailer, workerId: 'test' });

async function everyStoredValue(ctx: TestContext): Promise<string> {
  const tables =
    ctx.dialect === 'sqlite'
      ? (
          await ctx.db.kysely
            .selectFrom('sqlite_master' as any)
            .select('name' as any)
            .where('type' as any, '=', 'table')
            .execute()
        ).map((r: any) => r.name as string)
      : (
          await ctx.db.kysely
            .selectFrom('information_schema.tables' as any)
            .select('table_name' as any)
            .where('table_schema' as any, '=', 'public')
            .execute()
        ).map((r: any) => r.table_name as string);
  const rows = await Promise.all(
    tables.map(async (table) =>
      ctx.db.kysely
        .selectFrom(table as any)
        .selectAll()
        .execute(),
    ),
  );
  return JSON.stringify(rows);
}

describeEachDatabase(
  'POST /api/exam/send-result-email with real delivery',
  (ctx) => {
    it('uses the address for the one mail and, once it is out, stores it nowhere', async () => {
      const email = `nur.einmal.${Date.now()}@example.org`;
      const reply = await client(ctx).post('/api/exam/send-result-email', { email, locale: 'de', ...score });
      expect(reply.status).toBe(200);
      expect(await everyStoredValue(ctx), 'queued in the outbox until delivered').toContain(email);
      await deliver(ctx);
      expect(sent.filter((m) => m.to === email)).toHaveLength(1);
      const stored = await everyStoredValue(ctx);
      expect(stored, 'the scan reads the catalogue too').toContain('DELE B1 Prüfungsvorbereitung');
      expect(stored).not.toContain(email);
    });

    it('marks a mail the server refuses for good as failed, for the operator, without the address in the error', async () => {
      const reply = await client(ctx).post('/api/exam/send-result-email', {
        email: 'broken@example.org',
        locale: 'de',
        ...score,
      });
      expect(reply.status).toBe(200);
      expect(await deliver(ctx)).toMatchObject({ failed: 1 });
      const [failed] = await failedMails(ctx.db.kysely);
      expect(failed).toMatchObject({ to: 'broken@example.org', attempts: 1 });
      expect(failed!.lastError).toContain('550');
      expect(failed!.lastError).not.toContain('broken@example.org');
    });

    it('never answers with a correct-answer flag, whatever the call', async () => {
      const c = client(ctx);
      const exam = (await c.get('/api/exam/level/A1')).body.result;
      const replies = [
        await ctx.app.inject({ method: 'GET', url: '/api/exam/level/A1' }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/exam/submit',
          payload: {
            level: 'A1',
            answers: exam.questions.map((q: any) => ({ questionId: q.id, answerId: q.answers[0].id })),
          },
        }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/exam/submit',
          payload: { level: 'A1', answers: [{ questionId: exam.questions[0].id, answerId: 1 }] },
        }),
        await ctx.app.inject({
          method: 'POST',
          url: '/api/exam/send-result-email',
          payload: { email: 'x@example.org', locale: 'de', ...score },
        }),
        await ctx.app.inject({ method: 'GET', url: '/api/exam/history' }),
      ];
      await deliver(ctx);
      for (const reply of replies) expect(reply.body).not.toMatch(correctFlag);
      expect(sent.at(-1)!.text).not.toMatch(/correct/i);
    });
  },
  { app: { passwordHashing: cheapHashing, mailer: memoryMailer, shopUrl: 'https://shop.test' } },
);
