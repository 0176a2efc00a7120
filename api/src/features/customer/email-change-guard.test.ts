import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  client,
  customerTestOptions,
  goodPassword,
  linkIn,
  mailsTo,
  newEmail,
  registerAccount,
  verifiedCustomer,
  type OutboxMail,
} from './test-support.ts';

const newPassword = 'Neues#Pass9';
const masked = (address: string) => `${address.slice(0, 1)}***${address.slice(address.lastIndexOf('@'))}`;

/**
 * A stolen session must not take the account for good through an e-mail change
 * (docs/product-rules.md#e-mail-change): the old address hears of the request and of the
 * change, a password reset or change voids the pending link, and a completed change ends the other sessions.
 */
describeEachDatabase(
  'e-mail change against a stolen session',
  (ctx) => {
    const mailWithSubject = async (to: string, subject: string, atLeast = 1): Promise<OutboxMail> => {
      const mail = (await mailsTo(ctx, to, { atLeast })).find((m) => m.subject === subject);
      expect(mail, `a mail "${subject}" to ${to}`).toBeDefined();
      return mail!;
    };

    /** A verified customer whose (stolen) session asks to move the account to the thief's address. */
    async function pendingChange() {
      const c = client(ctx);
      const owner = await verifiedCustomer(ctx, c);
      const thief = newEmail('dieb');
      const update = await client(ctx).put('/api/customer/me/update', { email: thief }, owner.token);
      expect(update.body).toEqual({ result: { emailChangeRequested: true } });
      const link = linkIn(await mailWithSubject(thief, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse'));
      return { c, owner, thief, link };
    }

    it('tells the current address of the request, naming the new address masked, with the reset page', async () => {
      const { owner, thief } = await pendingChange();
      const notice = await mailWithSubject(owner.email, 'Änderung Ihrer E-Mail-Adresse angefordert', 2);
      expect(notice.text).toContain(masked(thief));
      expect(notice.text).not.toContain(thief);
      expect(notice.html).not.toContain(thief);
      expect(notice.text).toContain('Wenn Sie das nicht selbst waren');
      expect(linkIn(notice)).toMatchObject({ path: '/password-reset', email: owner.email });
    });

    it('a password reset voids the pending e-mail change', async () => {
      const { c, owner, link } = await pendingChange();
      await c.post('/api/customer/request-password-reset', { email: owner.email, locale: 'de' });
      const first = linkIn(await mailWithSubject(owner.email, 'Passwort zurücksetzen', 3));
      // A second reset request would replace the first anyway; an older link is what the thief could hold.
      const reset = await c.post('/api/customer/reset-password', {
        token: first.token,
        email: owner.email,
        newPassword,
      });
      expect(reset.status).toBe(200);

      const confirm = await client(ctx).post('/api/customer/verify-email-change', {
        token: link.token,
        email: link.email,
      });
      expect(confirm.status).toBe(400);
      expect(confirm.body.error.code).toBe('INVALID_TOKEN');
      const login = await c.post('/api/customer/login', { email: owner.email, password: newPassword });
      expect(login.status).toBe(200);
      expect((await c.get('/api/customer/me', login.body.result.token)).body.result.email).toBe(owner.email);
    });

    it('a password change voids the pending e-mail change and an open reset link', async () => {
      const { c, owner, link } = await pendingChange();
      await c.post('/api/customer/request-password-reset', { email: owner.email, locale: 'de' });
      const resetLink = linkIn(await mailWithSubject(owner.email, 'Passwort zurücksetzen', 3));
      const changed = await c.put(
        '/api/customer/me/update-password',
        { currentPassword: goodPassword, newPassword },
        owner.token,
      );
      expect(changed.status).toBe(200);

      const confirm = await client(ctx).post('/api/customer/verify-email-change', {
        token: link.token,
        email: link.email,
      });
      expect(confirm.status).toBe(400);
      expect(confirm.body.error.code).toBe('INVALID_TOKEN');
      const reset = await client(ctx).post('/api/customer/reset-password', {
        token: resetLink.token,
        email: owner.email,
        newPassword: 'Dritte$Pass1',
      });
      expect(reset.status).toBe(400);
      expect(reset.body.error.code).toBe('INVALID_TOKEN');
      expect((await c.post('/api/customer/login', { email: owner.email, password: newPassword })).status).toBe(200);
    });

    it('completing the change tells the old address and ends every other session; the confirming one stays', async () => {
      const { c, owner, thief, link } = await pendingChange();
      const otherDevice = (await c.post('/api/customer/login', { email: owner.email, password: goodPassword })).body
        .result.token as string;
      const confirming = (await c.post('/api/customer/login', { email: owner.email, password: goodPassword })).body
        .result.token as string;

      const confirm = await client(ctx).post(
        '/api/customer/verify-email-change',
        { token: link.token, email: link.email },
        confirming,
      );
      expect(confirm.status).toBe(200);
      expect((await c.get('/api/customer/me', owner.token)).status).toBe(401);
      expect((await c.get('/api/customer/me', otherDevice)).status).toBe(401);
      expect((await c.get('/api/customer/me', confirming)).body.result.email).toBe(thief);

      const notice = await mailWithSubject(owner.email, 'Die E-Mail-Adresse Ihres Kundenkontos wurde geändert', 3);
      expect(notice.text).toContain(masked(thief));
      expect(notice.text).not.toContain(thief);
      expect(linkIn(notice)).toMatchObject({ path: '/undo-email-change', email: owner.email });
    });

    it('completing the change without a session (link opened elsewhere) ends every session', async () => {
      const { c, owner, link } = await pendingChange();
      const confirm = await client(ctx).post('/api/customer/verify-email-change', {
        token: link.token,
        email: link.email,
      });
      expect(confirm.status).toBe(200);
      expect((await c.get('/api/customer/me', owner.token)).status).toBe(401);
    });

    /** The change done with the thief's address confirmed; the notice's undo link, to the owner's address. */
    async function completedChange() {
      const pending = await pendingChange();
      const confirm = await client(ctx).post('/api/customer/verify-email-change', {
        token: pending.link.token,
        email: pending.link.email,
      });
      expect(confirm.status).toBe(200);
      const notice = await mailWithSubject(
        pending.owner.email,
        'Die E-Mail-Adresse Ihres Kundenkontos wurde geändert',
        3,
      );
      return { ...pending, undo: linkIn(notice) };
    }

    const confirmingChange = (link: { token: string; email: string }) =>
      client(ctx).post('/api/customer/verify-email-change', { token: link.token, email: link.email });
    const undoing = (link: { token: string; email: string }) =>
      client(ctx).post('/api/customer/undo-email-change', { token: link.token, email: link.email });

    it('the undo link takes the account back: address, every session out, no password until a new one is set', async () => {
      const { c, owner, thief, undo } = await completedChange();
      // The thief, holding the new address, sets a password of their own and logs in.
      await c.post('/api/customer/request-password-reset', { email: thief, locale: 'de' });
      const thiefReset = linkIn(await mailWithSubject(thief, 'Passwort zurücksetzen', 2));
      const thiefPassword = 'Diebes#Pass7';
      await c.post('/api/customer/reset-password', {
        token: thiefReset.token,
        email: thief,
        newPassword: thiefPassword,
      });
      const thiefSession = (await c.post('/api/customer/login', { email: thief, password: thiefPassword })).body.result
        .token as string;

      const undone = await undoing(undo);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({ result: { success: true } });

      expect((await c.get('/api/customer/me', thiefSession)).status).toBe(401);
      for (const [email, password] of [
        [thief, thiefPassword],
        [owner.email, thiefPassword],
        [owner.email, goodPassword],
      ])
        expect((await c.post('/api/customer/login', { email, password })).status).toBe(401);

      const resetMail = await mailWithSubject(
        owner.email,
        'Ihr Kundenkonto ist wieder mit dieser Adresse verbunden',
        4,
      );
      const reset = linkIn(resetMail);
      expect(reset).toMatchObject({ path: '/password-new', email: owner.email });
      expect(
        (await c.post('/api/customer/reset-password', { token: reset.token, email: reset.email, newPassword })).status,
      ).toBe(200);
      const login = await c.post('/api/customer/login', { email: owner.email, password: newPassword });
      expect(login.status).toBe(200);
      expect((await c.get('/api/customer/me', login.body.result.token)).body.result).toMatchObject({
        email: owner.email,
        isEmailVerified: true,
      });
    });

    it('works once, only with its own address, and answers a wrong link 400 INVALID_TOKEN', async () => {
      const { undo } = await completedChange();
      const wrongAddress = await undoing({ token: undo.token, email: newEmail('fremd') });
      expect(wrongAddress.status).toBe(400);
      expect(wrongAddress.body.error.code).toBe('INVALID_TOKEN');
      expect((await undoing(undo)).status).toBe(200);
      const again = await undoing(undo);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('INVALID_TOKEN');
    });

    it("a second change by the thief leaves the owner's undo link working, and the owner's undo voids the thief's", async () => {
      const { c, owner, thief, undo } = await completedChange();
      await c.post('/api/customer/request-password-reset', { email: thief, locale: 'de' });
      const thiefReset = linkIn(await mailWithSubject(thief, 'Passwort zurücksetzen', 2));
      await c.post('/api/customer/reset-password', {
        token: thiefReset.token,
        email: thief,
        newPassword: 'Diebes#Pass7',
      });
      const session = (await c.post('/api/customer/login', { email: thief, password: 'Diebes#Pass7' })).body.result
        .token as string;
      const second = newEmail('dieb2');
      await c.put('/api/customer/me/update', { email: second }, session);
      const secondLink = linkIn(await mailWithSubject(second, 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse'));
      expect((await confirmingChange(secondLink)).status).toBe(200);
      const thiefUndo = linkIn(await mailWithSubject(thief, 'Die E-Mail-Adresse Ihres Kundenkontos wurde geändert', 4));

      expect((await undoing(undo)).status).toBe(200);
      expect((await undoing(thiefUndo)).status).toBe(400);
      const reset = linkIn(
        await mailWithSubject(owner.email, 'Ihr Kundenkonto ist wieder mit dieser Adresse verbunden', 4),
      );
      expect(
        (await c.post('/api/customer/reset-password', { token: reset.token, email: reset.email, newPassword })).status,
      ).toBe(200);
      const login = await c.post('/api/customer/login', { email: owner.email, password: newPassword });
      expect((await c.get('/api/customer/me', login.body.result.token)).body.result.email).toBe(owner.email);
    });

    it('answers 409 EMAIL_TAKEN when another account holds the former address meanwhile, and changes nothing', async () => {
      const { c, owner, thief, undo } = await completedChange();
      await registerAccount(client(ctx), { email: owner.email });
      const undone = await undoing(undo);
      expect(undone.status).toBe(409);
      expect(undone.body.error.code).toBe('EMAIL_TAKEN');
      await c.post('/api/customer/request-password-reset', { email: thief, locale: 'de' });
      expect(linkIn(await mailWithSubject(thief, 'Passwort zurücksetzen', 2)).email).toBe(thief);
    });
  },
  customerTestOptions(),
);
