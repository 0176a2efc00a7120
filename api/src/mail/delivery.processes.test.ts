import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { type ApiProcess, startApi } from '../test/api-process.ts';
import { createPostgresTestDatabase } from '../test/databases.ts';
import { startSmtpSink, until, type SmtpSink } from '../test/smtp-sink.ts';
import { mailStats, queueMail } from './outbox.ts';

/**
 * Two real API processes (`tsx src/main.ts`) on one PostgreSQL deliver one queue of mails to a real SMTP server:
 * every mail arrives, none twice.
 */
const available = Boolean(inject('pgAdminUrl'));
const run = available ? describe : describe.skip;
run(`two API processes deliver one outbox [postgres${available ? '' : ': NOT AVAILABLE, skipped'}]`, () => {
  let db: Db;
  let smtp: SmtpSink;
  let drop = async () => {};
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    db = createDatabase({ dialect: 'postgres', url: created.url });
    const env = {
      DATABASE_URL: created.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@kurse.example>',
      MAIL_DELIVERY_MS: '20',
    };
    // One after the other: the first one migrates and seeds, the second finds the database ready.
    processes.push(await startApi(env));
    processes.push(await startApi(env));
  }, 120_000);

  afterAll(async () => {
    const codes = await Promise.all(processes.map((api) => api.stop()));
    await db?.close();
    await drop();
    await smtp?.close();
    expect(codes).toEqual(processes.map(() => 0));
  }, 60_000);

  it('delivers 200 queued mails, each exactly once', async () => {
    const ids = new Set<string>();
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++)
        ids.add(
          await queueMail(trx, {
            to: `kunde.${i}@example.org`,
            subject: `Mail ${i}`,
            text: `Hallo ${i}`,
            html: `<p>Hallo ${i}</p>`,
          }),
        );
    });
    await until(
      async () => (await mailStats(db.kysely)).sent === 200,
      60_000,
      () => `${smtp.received.length} arrived`,
    );
    expect(smtp.received).toHaveLength(200);
    const arrived = smtp.received.map((r) => /^<([^@]+)@kurse\.example>$/.exec(r.messageId)?.[1]);
    expect(new Set(arrived)).toEqual(ids);
    const senders = await db.kysely.selectFrom('mail_outbox').select('attempts').where('attempts', '!=', 1).execute();
    expect(senders, 'no message was tried twice').toEqual([]);
  }, 90_000);
});
