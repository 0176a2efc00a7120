import { expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { testNow, describeEachDatabase, type TestContext } from '../../test/databases.ts';
import { cheapHashing, client, mailsTo, movableClock, newEmail, register, verifiedCustomer } from '../customer/test-support.ts';
import { resultMailRateLimit } from './routes.ts';

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
    it('saves a result to the history and makes it the customer’s level', async () => {
      clock.reset();
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const saved = await c.post('/api/exam/save', score, token);
      expect(saved.status).toBe(200);
      expect(saved.body.result).toEqual({ id: expect.any(Number), createdAt: testNow.toISOString(), ...score });
      const me = await c.get('/api/customer/me', token);
      expect(me.body.result).toMatchObject({ languageNiveau: 'b1', languageNiveauDetails: 'B1.1' });
    });

    it('lists only the customer’s own results, newest first', async () => {
      clock.reset();
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      const other = client(ctx);
      const { token: otherToken } = await verifiedCustomer(ctx, other);
      expect((await c.get('/api/exam/history', token)).body.result).toEqual([]);

      await c.post('/api/exam/save', { level: 'A2', reachedPoints: 7, maxPoints: 16, targetDetail: 'A2.2' }, token);
      clock.advance(60_000);
      await c.post('/api/exam/save', score, token);
      clock.advance(60_000);
      await other.post('/api/exam/save', { level: 'C1', reachedPoints: 16, maxPoints: 16, targetDetail: 'C1.2' }, otherToken);

      const history = await c.get('/api/exam/history', token);
      expect(history.status).toBe(200);
      expect(history.body.result.map((e: any) => [e.level, e.createdAt])).toEqual([
        ['B1', new Date(testNow.getTime() + 60_000).toISOString()],
        ['A2', testNow.toISOString()],
      ]);
      expect((await other.get('/api/exam/history', otherToken)).body.result.map((e: any) => e.level)).toEqual(['C1']);
      // The level follows the latest save.
      expect((await c.get('/api/customer/me', token)).body.result.languageNiveau).toBe('b1');
    });

    it('needs a live token of a verified customer', async () => {
      const c = client(ctx);
      for (const token of [undefined, 'not-a-token']) {
        const save = await c.post('/api/exam/save', score, token);
        const history = await c.get('/api/exam/history', token);
        expect([save.status, history.status]).toEqual([401, 401]);
        expect(save.body.error.code).toBe('UNAUTHORIZED');
      }
      const { token } = await register(c);
      expect((await c.post('/api/exam/save', score, token)).body.error.code).toBe('EMAIL_NOT_VERIFIED');
      expect((await c.get('/api/exam/history', token)).status).toBe(403);
      const logout = await c.post('/api/customer/logout', undefined, token);
      expect(logout.status).toBeLessThan(500);
    });

    it('rejects inconsistent or malformed results', async () => {
      const c = client(ctx);
      const { token } = await verifiedCustomer(ctx, c);
      expectFields(await c.post('/api/exam/save', { ...score, reachedPoints: 17 }, token), 'reachedPoints');
      expectFields(await c.post('/api/exam/save', { ...score, targetDetail: 'B2.1' }, token), 'targetDetail');
      expectFields(await c.post('/api/exam/save', { ...score, targetDetail: 'B1.3' }, token), 'targetDetail');
      expectFields(await c.post('/api/exam/save', { ...score, level: 'C2', targetDetail: 'C2.1' }, token), 'level');
      expectFields(await c.post('/api/exam/save', { ...score, maxPoints: 0, reachedPoints: 0 }, token), 'maxPoints');
      expectFields(await c.post('/api/exam/save', { ...score, reachedPoints: -1 }, token), 'reachedPoints');
      expectFields(await c.post('/api/exam/save', { ...score, reachedPoints: 1.5 }, token), 'reachedPoints');
      expectFields(await c.post('/api/exam/save', { level: 'B1' }, token), 'reachedPoints', 'maxPoints', 'targetDetail');
      expectFields(await c.post('/api/exam/save', { ...score, customerId: 1 }, token), 'customerId');
      expect((await c.get('/api/exam/history', token)).body.result).toEqual([]);
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
      expect(mail!.text).toContain('Gruppenkurse auf Niveau B1: https://shop.test/courses?preSelectedTags=b1&courseType=1');
      expect(mail!.text).toContain('Konversationsstunden auf Niveau B1: https://shop.test/courses?preSelectedTags=b1&courseType=3');
      expect(mail!.text).toMatch(/Flexibles Lernen: Modul B1\.1 – Meinungen äußern: https:\/\/shop\.test\/modular-course\?flexLearningId=\d+/);
      expect(mail!.text).toMatch(/Einzelangebot: DELE B1 Prüfungsvorbereitung: https:\/\/shop\.test\/products\?productId=\d+/);
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
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), reachedPoints: 20 }), 'reachedPoints');
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), targetDetail: 'A1.1' }), 'targetDetail');
      expectFields(await c.post('/api/exam/send-result-email', { level: 'B1', email }), 'maxPoints', 'locale');
      expectFields(await c.post('/api/exam/send-result-email', { ...request(email), bcc: 'x@y.de' }), 'bcc');
      expect(await mailsTo(ctx, email)).toEqual([]);
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
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);

/** A mailer that keeps nothing in the database, so the test sees everything that was stored. */
const sent: MailMessage[] = [];
const memoryMailer: Mailer = {
  usesOutbox: false,
  async send(message) {
    if (message.to.startsWith('broken')) throw Object.assign(new Error(`550 rejected ${message.to}`), { code: 'EENVELOPE' });
    sent.push(message);
  },
};

async function everyStoredValue(ctx: TestContext): Promise<string> {
  const tables =
    ctx.dialect === 'sqlite'
      ? (await ctx.db.kysely.selectFrom('sqlite_master' as any).select('name' as any).where('type' as any, '=', 'table').execute()).map((r: any) => r.name as string)
      : (
          await ctx.db.kysely
            .selectFrom('information_schema.tables' as any)
            .select('table_name' as any)
            .where('table_schema' as any, '=', 'public')
            .execute()
        ).map((r: any) => r.table_name as string);
  const rows = await Promise.all(tables.map(async (table) => ctx.db.kysely.selectFrom(table as any).selectAll().execute()));
  return JSON.stringify(rows);
}

describeEachDatabase(
  'POST /api/exam/send-result-email with real delivery',
  (ctx) => {
    it('uses the address for the one mail and stores it nowhere', async () => {
      const email = `nur.einmal.${Date.now()}@example.org`;
      const reply = await client(ctx).post('/api/exam/send-result-email', { email, locale: 'de', ...score });
      expect(reply.status).toBe(200);
      expect(sent.filter((m) => m.to === email)).toHaveLength(1);
      const stored = await everyStoredValue(ctx);
      expect(stored, 'the scan reads the catalogue too').toContain('DELE B1 Prüfungsvorbereitung');
      expect(stored).not.toContain(email);
    });

    it('answers 503 when the mail cannot be delivered', async () => {
      const reply = await client(ctx).post('/api/exam/send-result-email', { email: 'broken@example.org', locale: 'de', ...score });
      expect(reply.status).toBe(503);
      expect(reply.body.error.code).toBe('MAIL_UNAVAILABLE');
      expect(JSON.stringify(reply.body)).not.toContain('broken@example.org');
    });

    it('never answers with a correct-answer flag, whatever the call', async () => {
      const c = client(ctx);
      const exam = (await c.get('/api/exam/level/A1')).body.result;
      const replies = [
        await ctx.app.inject({ method: 'GET', url: '/api/exam/level/A1' }),
        await ctx.app.inject({ method: 'POST', url: '/api/exam/submit', payload: { level: 'A1', answers: exam.questions.map((q: any) => ({ questionId: q.id, answerId: q.answers[0].id })) } }),
        await ctx.app.inject({ method: 'POST', url: '/api/exam/submit', payload: { level: 'A1', answers: [{ questionId: exam.questions[0].id, answerId: 1 }] } }),
        await ctx.app.inject({ method: 'POST', url: '/api/exam/send-result-email', payload: { email: 'x@example.org', locale: 'de', ...score } }),
        await ctx.app.inject({ method: 'GET', url: '/api/exam/history' }),
      ];
      for (const reply of replies) expect(reply.body).not.toMatch(correctFlag);
      expect(sent.at(-1)!.text).not.toMatch(/correct/i);
    });
  },
  { app: { passwordHashing: cheapHashing, mailer: memoryMailer, shopUrl: 'https://shop.test' } },
);
