import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { queueMail } from '../mail/outbox.ts';
import { deleteExpiredRecords, keepSentMailDays } from './cleanup.ts';
import { jobLagSeconds } from './lag.ts';

describeEachDatabase(
  'cleanup of expired records',
  (ctx) => {
    it('deletes expired link tokens, sessions, parked carts and old delivered mails, and keeps the rest', async () => {
      const k = ctx.db.kysely;
      const now = new Date('2026-01-15T09:00:00Z');
      const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
      const { id: customerId } = await k
        .insertInto('customer')
        .values({
          email: `cleanup.${Date.now()}@example.org`,
          password_hash: 'x',
          firstname: 'A',
          lastname: 'B',
          display_name: null,
          phone: null,
          birth_year: null,
          language_niveau: null,
          language_niveau_details: null,
          created_at: at(0),
          updated_at: at(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = (hash: string, expires: string) => ({
        customer_id: customerId,
        purpose: 'password_reset' as const,
        token_hash: hash,
        email: 'a@b.c',
        created_at: at(-1),
        expires_at: expires,
        used_at: null,
      });
      await k
        .insertInto('customer_token')
        .values([token('old', at(-1)), token('live', at(60_000))])
        .execute();
      await k
        .insertInto('customer_session')
        .values([
          { customer_id: customerId, token_hash: 'old', created_at: at(-1), expires_at: at(0) },
          { customer_id: customerId, token_hash: 'live', created_at: at(-1), expires_at: at(1) },
        ])
        .execute();
      await k
        .insertInto('cart_sync')
        .values([
          { id: 'old', items: '[]', created_at: at(-1), expires_at: at(-1) },
          { id: 'live', items: '[]', created_at: at(-1), expires_at: at(1) },
        ])
        .execute();
      const mail = (id: string, status: 'sent' | 'failed', sentAt: string | null) => ({
        message_id: id,
        recipient: 'a@b.c',
        subject: 's',
        text: 't',
        html: 'h',
        status,
        next_attempt_at: at(0),
        created_at: at(0),
        sent_at: sentAt,
      });
      const longAgo = at(-keepSentMailDays * 86_400_000 - 1);
      await k
        .insertInto('mail_outbox')
        .values([
          mail('old-sent', 'sent', longAgo),
          mail('recent-sent', 'sent', at(-1)),
          mail('old-failed', 'failed', null),
        ])
        .execute();

      expect(await deleteExpiredRecords(k, now)).toEqual({
        linkTokens: 1,
        devices: 0,
        sessions: 1,
        parkedCarts: 1,
        sentMails: 1,
      });
      expect(
        (await k.selectFrom('customer_token').select('token_hash').where('customer_id', '=', customerId).execute()).map(
          (r) => r.token_hash,
        ),
      ).toEqual(['live']);
      expect(
        (
          await k.selectFrom('customer_session').select('token_hash').where('customer_id', '=', customerId).execute()
        ).map((r) => r.token_hash),
      ).toEqual(['live']);
      expect((await k.selectFrom('cart_sync').select('id').execute()).map((r) => r.id)).toEqual(['live']);
      // A failed mail stays for the operator however old.
      expect(
        (await k.selectFrom('mail_outbox').select('message_id').orderBy('message_id').execute()).map(
          (r) => r.message_id,
        ),
      ).toEqual(['old-failed', 'recent-sent']);
      expect(await deleteExpiredRecords(k, now), 'a second run finds nothing').toEqual({
        linkTokens: 0,
        devices: 0,
        sessions: 0,
        parkedCarts: 0,
        sentMails: 0,
      });
    });
  },
  { seed: false },
);

describeEachDatabase(
  'job lag',
  (ctx) => {
    it('is how long a job or the oldest due mail has waited, 0 while on time or running', async () => {
      const k = ctx.db.kysely;
      const now = new Date('2026-01-15T09:00:00Z');
      const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
      await k
        .insertInto('job_schedule')
        .values([
          { name: 'late', next_run_at: at(-30) },
          { name: 'running', next_run_at: at(-30), locked_by: 'w', locked_until: at(10) },
          { name: 'early', next_run_at: at(5) },
        ])
        .execute();
      expect(await jobLagSeconds(k, now)).toEqual({ late: 30, running: 0, early: 0, 'mail-delivery': 0 });
      await queueMail(ctx.db, { to: 'a@b.c', subject: 's', text: 't', html: 'h' }, { now: new Date(at(-12)) });
      expect((await jobLagSeconds(k, now))['mail-delivery']).toBe(12);
    });
  },
  { seed: false },
);
