import { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { cheapHashing, goodPassword } from '../features/customer/test-support.ts';
import { createMailer } from './mailer.ts';

/**
 * Real delivery: the API with SMTP_URL pointing at a local SMTP server (smtp-server on a free loopback port).
 * What arrives is parsed with mailparser and its link is followed back into the API.
 */
describe('mail over SMTP', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  let waiting: (() => void) | null = null;
  let db: Db;
  let app: App;

  const nextMail = async () => {
    if (received.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
    return received.shift()!;
  };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            waiting?.();
            waiting = null;
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;

    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    app = buildApp({
      db,
      passwordHashing: cheapHashing,
      shopUrl: 'https://kurse.example',
      mailer: createMailer({ db, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Sprachschule <no-reply@kurse.example>' }),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification mail in the customer language, text and HTML, with a working link', async () => {
    const email = `smtp.${Date.now()}@example.org`;
    const reply = await app.inject({
      method: 'POST',
      url: '/api/customer/register',
      payload: { firstname: 'Lucía', lastname: 'García', email, password: goodPassword, locale: 'es' },
    });
    expect(reply.statusCode).toBe(200);

    const { envelopeTo, mail } = await nextMail();
    expect(envelopeTo).toEqual([email]);
    expect(mail.from?.value).toEqual([{ name: 'Sprachschule', address: 'no-reply@kurse.example' }]);
    expect(mail.subject).toBe('Confirma tu dirección de correo electrónico');
    expect(mail.text).toContain('Hola, Lucía:');
    const link = /https:\/\/kurse\.example\/verify-email\?\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link!.replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain('lang="es"');

    const url = new URL(link!);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/customer/verify-email',
      payload: { token: url.searchParams.get('token'), email: url.searchParams.get('email') },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('has no dev mailbox while real delivery is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
