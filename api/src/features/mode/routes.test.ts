import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { sandboxProvider } from '../payment/sandbox-provider.ts';
import { productionMode } from './test-support.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachDatabase(
  'production mode: the dev outbox and the sandbox do not exist',
  (ctx) => {
    it('says it is production', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/shop/mode' });
      expect(response.json()).toEqual({ result: { mode: 'production' } });
    });

    it('answers 404 for the dev mailbox, even from this machine with mails going to the outbox', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    });

    it("answers 404 for the sandbox's page, its buttons and its webhook", async () => {
      await ctx.db.kysely
        .insertInto('sandbox_payment')
        .values({
          id: 'sbx_left_over',
          amount_cents: 100,
          status: 'pending',
          reference: '100001',
          created_at: testNow.toISOString(),
        })
        .execute();
      expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_left_over' })).statusCode).toBe(
        404,
      );
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/payments/sandbox/sbx_left_over',
            headers: form,
            payload: 'outcome=paid',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/payments/webhook/sandbox',
            payload: { id: 'sbx_left_over' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.db.kysely
            .selectFrom('sandbox_payment')
            .select('status')
            .where('id', '=', 'sbx_left_over')
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');
    });
  },
  { seed: false, app: productionMode },
);

describeEachDatabase(
  'development mode',
  (ctx) => {
    it('says it is development, and may be cached briefly', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/shop/mode' });
      expect(response.json()).toEqual({ result: { mode: 'development' } });
      expect(response.headers['cache-control']).toBe('public, max-age=60');
    });
  },
  { seed: false },
);

describe('buildApp in production mode', () => {
  it('refuses to build without a real payment provider', () => {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      expect(() => buildApp({ db, mode: 'production' })).toThrow('Production mode needs a real payment provider');
      expect(() =>
        buildApp({ db, mode: 'production', paymentProvider: sandboxProvider(db, 'https://shop.test') }),
      ).toThrow('Production mode needs a real payment provider');
    } finally {
      void db.close();
    }
  });
});
