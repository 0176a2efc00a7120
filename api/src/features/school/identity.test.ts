import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, get, testNow } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';
import { cheapHashing, client, mailsTo, registerAccount } from '../customer/test-support.ts';
import { productionMode } from '../mode/test-support.ts';
import { demoSchoolIdentity } from './identity.ts';

const newIdentity = {
  name: 'Academia Sol',
  postalAddress: 'Sonnenallee 5\n12045 Berlin',
  email: 'hola@academia-sol.example',
  phone: '+49 30 987654',
  vatId: 'DE123456789',
  vatExemptionNote: '',
  logoUrl: 'https://academia-sol.example/logo.svg',
  websiteUrl: 'https://academia-sol.example/',
  imprintUrl: 'https://academia-sol.example/impressum',
  privacyUrl: 'https://academia-sol.example/datenschutz',
  termsUrl: 'https://academia-sol.example/agb',
  withdrawalUrl: 'https://academia-sol.example/widerruf',
  contactUrl: 'https://academia-sol.example/kontakt',
};

describeEachDatabase(
  "the school's identity",
  (ctx) => {
    let owner: { authorization: string };
    let staff: { authorization: string };
    beforeAll(async () => {
      owner = (await staffToken(ctx, 'owner')).headers;
      staff = (await staffToken(ctx, 'staff')).headers;
    });

    it('development seeds the demo school, marked as demo; the shop reads it at GET /api/school', async () => {
      const shop = await get(ctx, '/api/school');
      expect(shop.status).toBe(200);
      expect(shop.body.result).toEqual(demoSchoolIdentity);
      expect(shop.headers['cache-control']).toBe('public, max-age=60');
      const admin = await ctx.app.inject({ method: 'GET', url: '/api/admin/identity', headers: owner });
      expect(admin.json().result).toMatchObject({ ...demoSchoolIdentity, demo: true });
    });

    it("is the owner's: 401 without a token, 403 for staff", async () => {
      for (const method of ['GET', 'PUT'] as const) {
        const anonymous = await ctx.app.inject({ method, url: '/api/admin/identity', payload: newIdentity });
        expect(anonymous.statusCode).toBe(401);
        const asStaff = await ctx.app.inject({
          method,
          url: '/api/admin/identity',
          payload: newIdentity,
          headers: staff,
        });
        expect(asStaff.statusCode).toBe(403);
        expect(asStaff.json().error.code).toBe('FORBIDDEN');
      }
    });

    it('refuses bad input field by field', async () => {
      const put = (payload: object) =>
        ctx.app.inject({ method: 'PUT', url: '/api/admin/identity', payload, headers: owner });
      const bad = await put({
        ...newIdentity,
        name: '  ',
        email: 'nope',
        phone: 'call me',
        imprintUrl: 'javascript:alert(1)',
        logoUrl: 'not a url',
        vatId: '',
        vatExemptionNote: '',
        extra: 'x',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({
        name: 'required',
        email: 'email',
        phone: 'phone',
        imprintUrl: 'url',
        logoUrl: 'url',
        vatId: 'vat_or_exemption_required',
        extra: 'Unknown field "extra"',
      });
      const noVat = await put({ ...newIdentity, vatId: '', vatExemptionNote: '' });
      expect(noVat.json().error.fields).toEqual({ vatId: 'vat_or_exemption_required' });
      const missing = await put({ name: 'X' });
      expect(Object.keys(missing.json().error.fields)).toEqual(
        expect.arrayContaining([
          'postalAddress',
          'email',
          'imprintUrl',
          'privacyUrl',
          'termsUrl',
          'withdrawalUrl',
          'contactUrl',
        ]),
      );
      expect((await put([])).statusCode).toBe(400);
    });

    it('an update shows at once in the shop and in every mail queued after it, and is in the audit log', async () => {
      const before = (await ctx.app.inject({ method: 'GET', url: '/api/admin/identity', headers: owner })).json()
        .result;
      await get(ctx, '/api/school');
      const updated = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/identity',
        payload: newIdentity,
        headers: owner,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().result).toEqual({ ...newIdentity, demo: false, updatedAt: testNow.toISOString() });
      expect((await get(ctx, '/api/school')).body.result).toEqual(newIdentity);

      const log = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log?entityType=school_identity',
        headers: owner,
      });
      const [entry] = log.json().result.items;
      expect(entry).toMatchObject({
        action: 'updateSchoolIdentity',
        entityId: '1',
        before,
        after: updated.json().result,
      });

      const account = await registerAccount(client(ctx));
      const [mail] = await mailsTo(ctx, account.email, { atLeast: 1 });
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain('Academia Sol');
        expect(part).toContain('https://academia-sol.example/impressum');
        expect(part).toContain('hola@academia-sol.example');
        expect(part).not.toContain('Sprachschule Español');
        expect(part).not.toContain('sprachschule.example');
        expect(part).not.toContain('\u2063');
      }
    });
  },
  { app: { passwordHashing: cheapHashing, shopUrl: 'https://shop.test' } },
);

const logLines: string[] = [];
describeEachDatabase(
  "a production shop without the school's identity",
  (ctx) => {
    it('is not ready, and its log says why; it is ready once the owner has set the identity', async () => {
      expect((await get(ctx, '/api/school')).body).toEqual({ result: null });
      const notReady = await get(ctx, '/api/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body.error).toEqual({ code: 'NOT_READY', message: 'Not ready' });
      expect(logLines.join('\n')).toContain("configuration: the school's identity is not set");

      const owner = await staffToken(ctx, 'owner');
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/identity', headers: owner.headers })).json(),
      ).toEqual({
        result: null,
      });
      const set = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/identity',
        payload: newIdentity,
        headers: owner.headers,
      });
      expect(set.statusCode).toBe(200);
      expect((await get(ctx, '/api/ready')).status).toBe(200);
    });

    it('names no school in a mail queued before the identity is set, rather than a made-up one', async () => {
      // (The identity was set by the test above; a fresh look at the rule itself.)
      const { withSchool } = await import('../../mail/html.ts');
      const { renderMail } = await import('../../mail/templates.ts');
      const mail = withSchool(
        renderMail({
          kind: 'verifyEmail',
          language: 'de',
          to: 'a@example.org',
          name: 'Anna',
          link: 'https://shop.test/x',
        }),
        null,
      );
      expect(mail.text).not.toContain('\n-- \n');
      expect(mail.html).not.toContain('Sprachschule Español');
      expect(mail.html).not.toContain('sprachschule.example');
      expect(mail.html).not.toContain('mailto:');
      expect(`${mail.text}${mail.html}`).not.toContain('\u2063');
    });
  },
  {
    seed: false,
    app: {
      ...productionMode,
      passwordHashing: cheapHashing,
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    },
  },
);
