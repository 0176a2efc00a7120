import { describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { client, customerTestOptions, linkIn, mailsTo, newEmail, verifiedCustomer } from './test-support.ts';

const address = {
  firstname: 'Anna',
  lastname: 'Muster',
  addressLine1: 'Hauptstraße 1',
  addressLine2: 'Muster GmbH',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
};

describeEachDatabase(
  'profile, e-mail change, billing address and balances',
  (ctx) => {
    describe('PUT /customer/me/update', () => {
      it('applies only the changed fields; empty texts clear optional ones', async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        const first = await c.put(
          '/api/customer/me/update',
          {
            displayName: 'Anni',
            phone: '+49 170 1234567',
            birthYear: '1990',
            isSubscribedToNewsletter: 1,
            firstname: 'Anna',
          },
          token,
        );
        expect(first.body).toEqual({ result: { emailChangeRequested: false } });
        expect((await c.get('/api/customer/me', token)).body.result).toMatchObject({
          email,
          firstname: 'Anna',
          displayName: 'Anni',
          phone: '+49 170 1234567',
          birthYear: '1990',
          isSubscribedToNewsletter: 1,
        });
        const before = await ctx.db.kysely
          .selectFrom('customer')
          .select('updated_at')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        // Nothing differs: nothing is written.
        await c.put('/api/customer/me/update', { displayName: 'Anni', firstname: 'Anna' }, token);
        const after = await ctx.db.kysely
          .selectFrom('customer')
          .select('updated_at')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(after).toEqual(before);

        await c.put('/api/customer/me/update', { displayName: '', phone: '' }, token);
        expect((await c.get('/api/customer/me', token)).body.result).toMatchObject({
          displayName: null,
          phone: null,
          birthYear: '1990',
        });
      });

      it('applies a new address only once confirmed through the link sent to it', async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        const next = newEmail('neu');
        const update = await c.put('/api/customer/me/update', { email: next, lastname: 'Neumann' }, token);
        expect(update.body).toEqual({ result: { emailChangeRequested: true } });
        expect((await c.get('/api/customer/me', token)).body.result).toMatchObject({ email, lastname: 'Neumann' });

        const [mail] = await mailsTo(ctx, next, { atLeast: 1 });
        expect(mail!.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
        const link = linkIn(mail!);
        expect(link).toMatchObject({ path: '/verify-email-change', email: next });
        // The link works without being logged in (it may be opened on another device).
        const confirmed = await client(ctx).post('/api/customer/verify-email-change', {
          token: link.token,
          email: link.email,
        });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body.result).toMatchObject({ email: next, isEmailVerified: true });
        // Confirmed without this session's token: every session ended (email-change-guard.test.ts has the rest).
        expect((await c.get('/api/customer/me', token)).status).toBe(401);
        const reused = await c.post('/api/customer/verify-email-change', { token: link.token, email: link.email });
        expect(reused.status).toBe(400);
        expect(reused.body.error.code).toBe('INVALID_TOKEN');
        // Logging in now needs the new address.
        expect((await c.post('/api/customer/login', { email, password: 'Sprache1!' })).status).toBe(401);
        expect((await c.post('/api/customer/login', { email: next, password: 'Sprache1!' })).status).toBe(200);
      });

      it('does not reveal that another account has the address; confirming then fails', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        const other = await verifiedCustomer(ctx, client(ctx));
        const update = await c.put('/api/customer/me/update', { email: other.email }, token);
        expect(update.body).toEqual({ result: { emailChangeRequested: true } });
        const mail = (await mailsTo(ctx, other.email, { atLeast: 2 })).find((m) => m.subject.includes('neue E-Mail'))!;
        const link = linkIn(mail);
        const confirm = await c.post('/api/customer/verify-email-change', { token: link.token, email: link.email });
        expect(confirm.status).toBe(409);
        expect(confirm.body.error.code).toBe('EMAIL_TAKEN');
      });

      it('needs a token and accepts no other customer fields', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        expect((await c.put('/api/customer/me/update', { firstname: 'X' })).status).toBe(401);
        const sneaky = await c.put(
          '/api/customer/me/update',
          { firstname: 'X', isEmailVerified: true, id: 1, password: 'x' },
          token,
        );
        expect(sneaky.status).toBe(400);
        expect(Object.keys(sneaky.body.error.fields).sort()).toEqual(['id', 'isEmailVerified', 'password']);
      });
    });

    describe('billing address', () => {
      it('is null before the first save, then returns what was saved; a second save replaces it', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        expect((await c.get('/api/customer/me/billing-address', token)).body).toEqual({ result: null });
        const saved = await c.post('/api/customer/me/billing-address', address, token);
        expect(saved.body).toEqual({ result: address });
        expect((await c.get('/api/customer/me/billing-address', token)).body.result).toEqual(address);
        const minimal = {
          firstname: 'Anna',
          lastname: 'Muster',
          addressLine1: '',
          addressLine2: '',
          city: '',
          zip: '',
          country: 'AT',
        };
        await c.post('/api/customer/me/billing-address', minimal, token);
        expect((await c.get('/api/customer/me/billing-address', token)).body.result).toEqual(minimal);
      });
    });

    describe('balances', () => {
      it('sums what is still valid per type, always listing both package types', async () => {
        const c = client(ctx);
        const { token, email } = await verifiedCustomer(ctx, c);
        const other = await verifiedCustomer(ctx, client(ctx));
        expect((await c.get('/api/customer/me/balances', token)).body.result).toEqual([
          { typeId: 2, balance: 0 },
          { typeId: 3, balance: 0 },
        ]);
        const id = async (mail: string) =>
          (await ctx.db.kysely.selectFrom('customer').select('id').where('email', '=', mail).executeTakeFirstOrThrow())
            .id;
        const day = 24 * 60 * 60 * 1000;
        const at = (offsetDays: number) => new Date(testNow.getTime() + offsetDays * day).toISOString();
        const mine = await id(email);
        await ctx.db.kysely
          .insertInto('customer_balance')
          .values([
            { customer_id: mine, type_id: 3, balance: 5, valid_from: at(-30), valid_until: at(335) },
            { customer_id: mine, type_id: 3, balance: 2, valid_from: at(-10), valid_until: at(355) },
            // expired yesterday
            { customer_id: mine, type_id: 3, balance: 10, valid_from: at(-366), valid_until: at(-1) },
            { customer_id: mine, type_id: 2, balance: 4, valid_from: at(-1), valid_until: at(364) },
            { customer_id: await id(other.email), type_id: 2, balance: 8, valid_from: at(-1), valid_until: at(364) },
          ])
          .execute();
        expect((await c.get('/api/customer/me/balances', token)).body.result).toEqual([
          { typeId: 2, balance: 4 },
          { typeId: 3, balance: 7 },
        ]);
        expect((await c.get('/api/customer/me/balances', other.token)).body.result).toEqual([
          { typeId: 2, balance: 8 },
          { typeId: 3, balance: 0 },
        ]);
      });
    });
  },
  customerTestOptions(),
);
