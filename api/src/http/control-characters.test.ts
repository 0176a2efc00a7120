import { controlCharactersMessage } from '@shop/shared/contract';
import { beforeAll, expect, it } from 'vitest';
import { changedTables, fingerprinter } from '../../probe/fingerprint.ts';
import { cheapHashing, client, newEmail, verifiedCustomer, type Client } from '../features/customer/test-support.ts';
import { billing, courseOrder, insertCourse } from '../features/order/test-support.ts';
import { describeEachDatabase } from '../test/databases.ts';

/** NUL, the other C0 controls (a sample across the range) and DEL, with their names for the test titles. */
const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f'].map(
  (char) => [char.charCodeAt(0).toString(16).padStart(4, '0'), char] as const,
);

/**
 * Text fields refuse control characters with a 400 field error, on both databases (issue: a NUL in any text
 * answered 500 on PostgreSQL, 41 times over 9 endpoints). Each request below is one the probe found; none may
 * change a table.
 */
describeEachDatabase(
  'control characters in text',
  (ctx) => {
    let c: Client;
    let token: string;
    let course: { id: number; type: number };
    beforeAll(async () => {
      c = client(ctx);
      ({ token } = await verifiedCustomer(ctx, c));
      course = await insertCourse(ctx, { free: 5 });
    });

    const expectRefused = async (send: () => Promise<{ status: number; body: any }>, field: string) => {
      const fingerprint = await fingerprinter(ctx.db);
      const before = await fingerprint();
      const reply = await send();
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
      expect(reply.body.error.fields[field], JSON.stringify(reply.body)).toBe(controlCharactersMessage);
      expect(changedTables(before, await fingerprint())).toEqual([]);
    };
    const raw = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
      const response = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.json() as any };
    };

    it.each(controls)(
      'U+%s in the JSON bodies of register, login, profile, address, submit, price, webhook',
      async (_, control) => {
        const registration = {
          firstname: `Ana${control}`,
          lastname: 'García',
          email: newEmail(),
          password: 'Sprache1!',
          locale: 'de',
        };
        await expectRefused(() => client(ctx).post('/api/customer/register', registration), 'firstname');
        await expectRefused(
          () => client(ctx).post('/api/customer/login', { email: `a${control}@example.org`, password: 'x' }),
          'email',
        );
        await expectRefused(
          () => c.put('/api/customer/me/update', { displayName: `Ana${control}` }, token),
          'displayName',
        );
        await expectRefused(
          () =>
            c.post(
              '/api/customer/me/billing-address',
              { ...billing, city: `Ber${control}lin`, phone: undefined, birthYear: undefined },
              token,
            ),
          'city',
        );
        await expectRefused(
          () =>
            c.post(
              '/api/cart/submit',
              courseOrder(course, 1, { billingAddress: { ...billing, lastname: `${control}García` } }),
            ),
          'billingAddress.lastname',
        );
        await expectRefused(
          () => c.post('/api/cart/submit', courseOrder(course, 1, { comment: `Bitte${control}` })),
          'comment',
        );
        await expectRefused(
          () => c.post('/api/cart/calculate-price', { discountCodes: [`SOMMER${control}25`] }),
          'discountCodes.0',
        );
        await expectRefused(() => c.post('/api/payments/webhook/sandbox', { id: `sbx_${control}` }), 'id');
        await expectRefused(
          () =>
            c.post('/api/exam/send-result-email', {
              email: 'a@example.org',
              locale: 'de',
              level: 'B1',
              reachedPoints: 1,
              maxPoints: 16,
              targetDetail: `B1.1${control}`,
            }),
          'targetDetail',
        );
      },
    );

    it.each(controls)('U+%s in query strings and path segments', async (_, control) => {
      const encoded = encodeURIComponent(control);
      await expectRefused(() => raw(`/api/course/search?tags[]=a1&tags[]=${encoded}`), 'tags.1');
      await expectRefused(() => raw(`/api/dev/mailbox?to=${encoded}`), 'to');
      await expectRefused(() => raw(`/api/exam/level/B1${encoded}`), 'level');
      await expectRefused(() => raw(`/api/cart/sync/AAAAAAAAAAAAAAAAAAAAA${encoded}`), 'id');
      await expectRefused(() => raw(`/api/payments/sandbox/sbx${encoded}`), 'paymentId');
      await expectRefused(() => raw(`/api/payments/webhook/sandbox${encoded}`, 'POST', { id: 'x' }), 'provider');
    });

    it('keeps line breaks and tabs where a text has lines (the order notes), and nowhere else', async () => {
      const comment = 'Bitte Rechnung\r\nan die Firma:\tMuster GmbH';
      const accepted = await c.post('/api/cart/submit', courseOrder(course, 1, { comment }));
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const stored = await ctx.db.kysely
        .selectFrom('shop_order')
        .select('comment')
        .where('increment_id', '=', accepted.body.result.incrementId)
        .executeTakeFirstOrThrow();
      expect(stored.comment).toBe(comment);
      for (const lineBreak of ['\n', '\r', '\t']) {
        await expectRefused(
          () =>
            c.post(
              '/api/cart/submit',
              courseOrder(course, 1, { billingAddress: { ...billing, city: `Berlin${lineBreak}Mitte` } }),
            ),
          'billingAddress.city',
        );
      }
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);
