import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  client,
  customerTestOptions,
  goodPassword,
  linkIn,
  mailsTo,
  movableClock,
  newEmail,
  register,
  settle,
  verifiedCustomer,
} from './test-support.ts';

const clock = movableClock();
const newPassword = 'Neues#Pass9';

describeEachDatabase(
  'password reset and password change',
  (ctx) => {
    beforeEach(() => clock.reset());

    describe('request-password-reset and reset-password', () => {
      it('answers the same whether or not the address exists, and mails only an existing one', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        const unknown = newEmail('niemand');
        const known = await c.post('/api/customer/request-password-reset', { email, locale: 'en' });
        const missing = await c.post('/api/customer/request-password-reset', { email: unknown, locale: 'en' });
        expect(known.status).toBe(200);
        expect(missing.status).toBe(200);
        expect(missing.body).toEqual(known.body);
        expect(known.body).toEqual({ result: { success: true } });
        const [mail] = await mailsTo(ctx, email, { atLeast: 2 });
        expect(mail!.subject).toBe('Reset your password');
        // A confirmed address: the account's own name.
        expect(mail!.text).toMatch(/^Hello Anna,/);
        expect(linkIn(mail!)).toMatchObject({ path: '/password-new', email });
        await settle();
        expect(await mailsTo(ctx, unknown)).toHaveLength(0);
      });

      it('sets the new password, ends every session, notifies the customer, and works only once', async () => {
        const c = client(ctx);
        const { email, token } = await verifiedCustomer(ctx, c);
        const remembered = (await c.post('/api/customer/login', { email, password: goodPassword, remember: true })).body
          .result.token;
        await c.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 2 }))[0]!);

        const reset = await c.post('/api/customer/reset-password', { token: link.token, email, newPassword });
        expect(reset.body).toEqual({ result: { success: true } });
        expect((await c.get('/api/customer/me', token)).status).toBe(401);
        expect((await c.get('/api/customer/me', remembered)).status).toBe(401);
        expect((await c.post('/api/customer/login', { email, password: goodPassword })).status).toBe(401);
        expect((await c.post('/api/customer/login', { email, password: newPassword })).status).toBe(200);
        expect((await mailsTo(ctx, email))[0]!.subject).toBe('Ihr Passwort wurde geändert');

        const again = await c.post('/api/customer/reset-password', {
          token: link.token,
          email,
          newPassword: 'Dritte$Pass1',
        });
        expect(again.status).toBe(400);
        expect(again.body.error.code).toBe('INVALID_TOKEN');
      });

      it('expires after one hour, and a newer request replaces the older link', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        await c.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const first = linkIn((await mailsTo(ctx, email, { atLeast: 2 }))[0]!);
        await c.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const second = linkIn((await mailsTo(ctx, email, { atLeast: 3 }))[0]!);
        expect((await c.post('/api/customer/reset-password', { token: first.token, email, newPassword })).status).toBe(
          400,
        );
        clock.advance(60 * 60 * 1000 + 1000);
        const late = await c.post('/api/customer/reset-password', { token: second.token, email, newPassword });
        expect(late.status).toBe(400);
        expect(late.body.error.code).toBe('INVALID_TOKEN');
      });

      it('verifies the address of an unverified customer, since the link reached the inbox', async () => {
        const c = client(ctx);
        const { email } = await register(c);
        await c.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const mail = (await mailsTo(ctx, email, { atLeast: 2 })).find((m) => m.subject === 'Passwort zurücksetzen')!;
        // Not yet confirmed: the name is the registration's, so it is not used.
        expect(mail.text).toMatch(/^Guten Tag,/);
        expect(mail.text).not.toContain('Anna');
        const link = linkIn(mail);
        expect((await c.post('/api/customer/reset-password', { token: link.token, email, newPassword })).status).toBe(
          200,
        );
        const token = (await c.post('/api/customer/login', { email, password: newPassword })).body.result.token;
        expect((await c.get('/api/customer/me', token)).body.result.isEmailVerified).toBe(true);
      });

      it('applies the password rules to the new password', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        await c.post('/api/customer/request-password-reset', { email, locale: 'de' });
        const link = linkIn((await mailsTo(ctx, email, { atLeast: 2 }))[0]!);
        const weak = await c.post('/api/customer/reset-password', { token: link.token, email, newPassword: 'kurz' });
        expect(weak.status).toBe(400);
        expect(weak.body.error.fields).toEqual({ newPassword: 'password_too_short' });
        // The refused attempt did not use the link up.
        expect((await c.post('/api/customer/reset-password', { token: link.token, email, newPassword })).status).toBe(
          200,
        );
      });
    });

    describe('update-password', () => {
      it('checks the current password and the rules for the new one', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        const wrong = await c.put(
          '/api/customer/me/update-password',
          { currentPassword: 'Falsch1!x', newPassword },
          token,
        );
        expect(wrong.status).toBe(400);
        expect(wrong.body.error).toMatchObject({
          code: 'WRONG_PASSWORD',
          fields: { currentPassword: 'wrong_password' },
        });
        const weak = await c.put(
          '/api/customer/me/update-password',
          { currentPassword: goodPassword, newPassword: 'ohneziffer!' },
          token,
        );
        expect(weak.status).toBe(400);
        expect(weak.body.error.fields).toEqual({ newPassword: 'password_weak' });
        const empty = await c.put('/api/customer/me/update-password', { currentPassword: '', newPassword }, token);
        expect(empty.body.error.fields).toEqual({ currentPassword: 'required' });
      });

      it('revokes every session, this one continuing under a fresh token of the same lifetime, and sends the notice', async () => {
        const c = client(ctx);
        const { email } = await verifiedCustomer(ctx, c);
        const token = (await c.post('/api/customer/login', { email, password: goodPassword, remember: true })).body
          .result.token;
        const otherDevice = (await c.post('/api/customer/login', { email, password: goodPassword })).body.result.token;

        const changed = await c.put(
          '/api/customer/me/update-password',
          { currentPassword: goodPassword, newPassword },
          token,
        );
        expect(changed.status).toBe(200);
        const fresh = changed.body.result.token as string;
        expect(fresh).toMatch(/^[\w-]{43}$/);
        expect((await c.get('/api/customer/me', token)).status).toBe(401);
        expect((await c.get('/api/customer/me', otherDevice)).status).toBe(401);
        expect((await c.get('/api/customer/me', fresh)).status).toBe(200);
        clock.advance(20 * 24 * 60 * 60 * 1000);
        expect((await c.get('/api/customer/me', fresh)).status).toBe(200);

        expect((await c.post('/api/customer/login', { email, password: newPassword })).status).toBe(200);
        const [notice] = await mailsTo(ctx, email, { atLeast: 2 });
        expect(notice!.subject).toBe('Ihr Passwort wurde geändert');
        expect(linkIn(notice!).path).toBe('/password-reset');
      });
    });
  },
  customerTestOptions(clock),
);
