import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { createMailer } from './mailer.ts';
import { renderMail } from './templates.ts';

describeEachDatabase(
  'GET /api/dev/mailbox',
  (ctx) => {
    it('lists the outbox newest first, narrowed to one recipient on request', async () => {
      const mailer = createMailer({ db: ctx.db, smtpUrl: null, from: 'Shop <no-reply@shop.test>' });
      const send = (to: string, kind: 'verifyEmail' | 'passwordReset') =>
        mailer.send(renderMail({ kind, language: 'de', to, name: 'Anna', link: `https://shop.test/${kind}` }));
      await send('anna@example.org', 'verifyEmail');
      await send('ben@example.org', 'verifyEmail');
      await send('anna@example.org', 'passwordReset');

      const all = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().result as { to: string; subject: string }[];
      expect(all.map((m) => [m.to, m.subject])).toEqual([
        ['anna@example.org', 'Passwort zurücksetzen'],
        ['ben@example.org', 'Bitte bestätigen Sie Ihre E-Mail-Adresse'],
        ['anna@example.org', 'Bitte bestätigen Sie Ihre E-Mail-Adresse'],
      ]);
      const anna = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=Anna@Example.org' })).json().result as Record<string, unknown>[];
      expect(anna).toHaveLength(2);
      expect(Object.keys(anna[0]!).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
      expect(anna[0]!.text).toContain('https://shop.test/passwordReset');
    });
  },
  { seed: false },
);
