import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { cheapHashing, goodPassword } from '../features/customer/test-support.ts';
import { startSmtpSink, until, type SmtpSink } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';
import { failedMails, mailStats, queueMail } from './outbox.ts';

/**
 * Real delivery: the API with SMTP_URL pointing at a local SMTP server, its delivery job running with short
 * waits. What arrives is parsed with mailparser and its link is followed back into the API.
 */
describe('mail over SMTP', () => {
  let smtp: SmtpSink;
  let db: Db;
  let app: App;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    app = buildApp({
      db,
      passwordHashing: cheapHashing,
      shopUrl: 'https://kurse.example',
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Sprachschule <no-reply@kurse.example>' }),
      mailDeliveryMs: 20,
      mailRetry: { maxAttempts: 50, baseDelayMs: 10, maxDelayMs: 80 },
    });
    await app.ready();
  });

  beforeEach(() => {
    smtp.received.length = 0;
    smtp.down = false;
    smtp.rejectRecipients = null;
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  it('delivers the verification mail in the customer language, text and HTML, with a working link', async () => {
    const email = `smtp.${Date.now()}@example.org`;
    const reply = await app.inject({
      method: 'POST',
      url: '/api/customer/register',
      payload: { firstname: 'Lucía', lastname: 'García', email, password: goodPassword, locale: 'es' },
    });
    expect(reply.statusCode).toBe(200);

    await smtp.waitForCount(1);
    const { envelopeTo, mail, messageId } = smtp.received[0]!;
    expect(envelopeTo).toEqual([email]);
    expect(mail.from?.value).toEqual([{ name: 'Sprachschule', address: 'no-reply@kurse.example' }]);
    // The outbox's stable id, so that a receiver can recognise a repeat.
    const row = await db.kysely
      .selectFrom('mail_outbox')
      .select(['message_id', 'status'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(messageId).toBe(`<${row.message_id}@kurse.example>`);
    expect(mail.subject).toBe('Confirma tu dirección de correo electrónico');
    // Greeted without the typed name (the address is not confirmed yet); the Spanish text arrives whole.
    expect(mail.text).toMatch(/^Hola:\n/);
    expect(mail.text).toContain('dirección de correo electrónico');
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

  it('keeps retrying while the server refuses, then delivers every mail exactly once', async () => {
    smtp.down = true;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await queueMail(db, {
          to: `retry.${i}@example.org`,
          subject: `Mail ${i}`,
          text: 'Hallo',
          html: '<p>Hallo</p>',
        }),
      );
    // Several refused attempts, with the waits between them growing.
    await until(
      () => smtp.refused >= 8,
      20_000,
      () => `${smtp.refused} refusals`,
    );
    const waiting = await db.kysely
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('message_id', 'in', ids)
      .execute();
    expect(waiting.every((row) => row.status !== 'sent' && row.status !== 'failed')).toBe(true);
    expect(waiting.some((row) => row.last_error?.includes('421'))).toBe(true);
    smtp.down = false;

    await until(
      async () =>
        (
          await db.kysely
            .selectFrom('mail_outbox')
            .select('id')
            .where('message_id', 'in', ids)
            .where('status', '=', 'sent')
            .execute()
        ).length === 5,
    );
    const arrived = smtp.received.map((r) => r.messageId);
    expect(arrived).toHaveLength(5);
    expect(new Set(arrived).size).toBe(5);
    expect(smtp.received.map((r) => r.envelopeTo[0]).sort()).toEqual(ids.map((_, i) => `retry.${i}@example.org`));
  });

  it('marks a mail the server refuses for good as failed, visible to the operator', async () => {
    smtp.rejectRecipients = /^gone@/;
    await queueMail(db, { to: 'gone@example.org', subject: 'Nobody home', text: 'x', html: '<p>x</p>' });
    await queueMail(db, { to: 'here@example.org', subject: 'Somebody home', text: 'x', html: '<p>x</p>' });
    await until(async () => (await failedMails(db.kysely)).length === 1);
    await smtp.waitForCount(1);
    const [failed] = await failedMails(db.kysely);
    expect(failed).toMatchObject({ to: 'gone@example.org', subject: 'Nobody home', attempts: 1 });
    expect(failed!.lastError).toContain('550');
    expect((await mailStats(db.kysely)).failed).toBe(1);
    expect(smtp.received.map((r) => r.envelopeTo)).toEqual([['here@example.org']]);
  });

  it('has no dev mailbox while real delivery is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
