import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { addDays, isoDateInZone } from '../../lib/dates.ts';
import { deletionBlockers, erasePersonalData, reduceOrders } from './erase.ts';
import { orderIdsOf } from './subject.ts';
import { keepSentMailDays } from '../../jobs/cleanup.ts';
import type { RetentionPeriod } from '@shop/shared/contract/admin';
import { inTransaction } from '../../db/database.ts';

type Db = Kysely<Database>;

const day = 86_400_000;

/**
 * How long the shop keeps each kind of personal data, and the rule behind it (docs/privacy.md#retention). Periods
 * counted in calendar years start at the end of the year the record was made in, as the tax and commercial codes
 * count them.
 */
export const retention = {
  /** Orders with their invoice recipient, positions, payments and withdrawals: the tax and commercial codes. */
  bookkeepingYears: 10,
  /** Orders that never became a contract (cancelled unpaid): kept for questions about a late payment report. */
  unpaidOrderDays: 90,
  /** Participants' e-mail, phone and birth year after their course ended (questions, certificates). */
  participantContactDays: 30,
  /** Accounts whose address was never confirmed (their link is valid 48 hours). */
  unverifiedAccountDays: 7,
  /** Mails that could not be delivered, for the operator's questions. */
  failedMailDays: 30,
} as const;

/**
 * Each kind of personal data with its period, the rule behind it and what enforces it, as docs/privacy.md#retention
 * lists them: the back office shows this list (listRetentionPeriods), built from the same numbers the jobs use.
 */
export const retentionSchedule: readonly RetentionPeriod[] = [
  { kind: 'account', amount: null, unit: 'untilEvent', basis: 'Art. 6(1)(b) GDPR', enforcedBy: 'account-deletion' },
  {
    kind: 'unverifiedAccount',
    amount: retention.unverifiedAccountDays,
    unit: 'days',
    basis: 'Art. 5(1)(e) GDPR',
    enforcedBy: 'retention-unverified-accounts',
  },
  {
    kind: 'orders',
    amount: retention.bookkeepingYears,
    unit: 'calendarYears',
    // eslint-disable-next-line shop/no-outside-citations -- statutes, not documents of the project
    basis: '§ 147 Abs. 1, 3 AO, § 257 Abs. 1, 4 HGB, Art. 17(3)(b) GDPR',
    enforcedBy: 'retention-orders',
  },
  {
    kind: 'unpaidOrders',
    amount: retention.unpaidOrderDays,
    unit: 'days',
    basis: 'Art. 6(1)(f) GDPR',
    enforcedBy: 'retention-unpaid-orders',
  },
  {
    kind: 'participantContact',
    amount: retention.participantContactDays,
    unit: 'days',
    basis: 'Art. 6(1)(b) GDPR',
    enforcedBy: 'retention-participants',
  },
  {
    kind: 'waitlist',
    amount: null,
    unit: 'untilEvent',
    basis: 'Art. 5(1)(b), (e) GDPR',
    enforcedBy: 'retention-waitlist',
  },
  { kind: 'parkedCarts', amount: null, unit: 'untilEvent', basis: 'Art. 5(1)(e) GDPR', enforcedBy: 'cleanup-expired' },
  {
    kind: 'sentMails',
    amount: keepSentMailDays,
    unit: 'days',
    basis: 'Art. 6(1)(f) GDPR',
    enforcedBy: 'cleanup-expired',
  },
  {
    kind: 'failedMails',
    amount: retention.failedMailDays,
    unit: 'days',
    basis: 'Art. 6(1)(f) GDPR',
    enforcedBy: 'retention-failed-mails',
  },
  {
    kind: 'sessionsAndLinks',
    amount: null,
    unit: 'untilEvent',
    basis: 'Art. 5(1)(e) GDPR',
    enforcedBy: 'cleanup-expired',
  },
  {
    kind: 'undoAndPrivacyLinks',
    amount: null,
    unit: 'untilEvent',
    basis: 'Art. 5(1)(e) GDPR',
    enforcedBy: 'retention-links',
  },
  {
    kind: 'rateLimitKeys',
    amount: null,
    unit: 'untilEvent',
    basis: 'Art. 6(1)(f) GDPR',
    enforcedBy: 'cleanup-expired',
  },
  {
    kind: 'holdClient',
    amount: null,
    unit: 'untilEvent',
    basis: 'Art. 6(1)(f) GDPR',
    enforcedBy: 'payment-hold-sweep',
  },
];

/** Rows changed per statement, so that no run holds the write lock for long. */
const batchSize = 200;

/**
 * One retention rule: `run` enforces it for `now` and says how many records it changed. Each is idempotent and
 * works in batches, so two processes running it, or a run stopped half way, do no harm.
 */
export interface RetentionRule {
  /** The job's name, and the kind's name in docs/privacy.md. */
  name: string;
  run(db: Db, now: Date, signal: AbortSignal): Promise<number>;
}

async function inBatches(signal: AbortSignal, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < batchSize || signal.aborted) return total;
  }
}

const numbers = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }[] | { numDeletedRows: bigint }) =>
  Array.isArray(result)
    ? result.reduce((sum, row) => sum + Number(row.numUpdatedRows ?? row.numDeletedRows ?? 0n), 0)
    : Number(result.numDeletedRows);

export const retentionRules: RetentionRule[] = [
  {
    // Invoices and booking records: once the bookkeeping period is over, the order keeps amounts, dates and
    // positions only (statistics), without any name, address or e-mail.
    name: 'retention-orders',
    run: (db, now, signal) => {
      const year = Number(isoDateInZone(now).slice(0, 4));
      const before = `${year - retention.bookkeepingYears}-01-01`;
      return inBatches(signal, async () => {
        const ids = (
          await db
            .selectFrom('shop_order')
            .select('id')
            .where('anonymized_at', 'is', null)
            .where('created_at', '<', before)
            .limit(batchSize)
            .execute()
        ).map((row) => row.id);
        await reduceOrders(db, ids, now, { anonymize: true });
        return ids.length;
      });
    },
  },
  {
    // Orders that never became a contract: no payment arrived, nothing was refunded or charged back.
    name: 'retention-unpaid-orders',
    run: (db, now, signal) => {
      const before = new Date(now.getTime() - retention.unpaidOrderDays * day).toISOString();
      return inBatches(signal, async () => {
        const ids = (
          await db
            .selectFrom('shop_order as o')
            .select('o.id')
            .where('o.anonymized_at', 'is', null)
            .where('o.status', '=', 'cancelled')
            .where('o.charged_back_cents', '=', 0)
            .where('o.created_at', '<', before)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('payment as p')
                    .select('p.id')
                    .whereRef('p.order_id', '=', 'o.id')
                    .where((inner) => inner.or([inner('p.status', '=', 'paid'), inner('p.refund_required', '=', 1)])),
                ),
              ),
            )
            .where((eb) =>
              eb.not(eb.exists(eb.selectFrom('refund as r').select('r.id').whereRef('r.order_id', '=', 'o.id'))),
            )
            .limit(batchSize)
            .execute()
        ).map((row) => row.id);
        await reduceOrders(db, ids, now, { anonymize: true });
        return ids.length;
      });
    },
  },
  {
    name: 'retention-participants',
    run: async (db, now) => {
      const endedBefore = addDays(isoDateInZone(now), -retention.participantContactDays);
      const ended = db
        .selectFrom('course_booking as b')
        .innerJoin('course as c', 'c.id', 'b.course_id')
        .select('b.id')
        .where('c.end_date', '<', endedBefore);
      const result = await db
        .updateTable('course_booking_participant')
        .set({ email: '', phone: null, birth_year: null })
        .where('course_booking_id', 'in', ended)
        .where((eb) => eb.or([eb('email', '!=', ''), eb('phone', 'is not', null), eb('birth_year', 'is not', null)]))
        .execute();
      return numbers(result);
    },
  },
  {
    // A waitlist entry serves one course: once the course started no place can be offered any more.
    name: 'retention-waitlist',
    run: async (db, now) => {
      const started = db.selectFrom('course').select('id').where('start_date', '<=', isoDateInZone(now));
      const result = await db.deleteFrom('waitlist_entry').where('course_id', 'in', started).executeTakeFirst();
      return numbers(result);
    },
  },
  {
    // Delivered mails go after 30 days with the cleanup job (jobs/cleanup.ts); these never arrived.
    name: 'retention-failed-mails',
    run: async (db, now) => {
      const before = new Date(now.getTime() - retention.failedMailDays * day).toISOString();
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', '=', 'failed')
        .where('created_at', '<=', before)
        .executeTakeFirst();
      return numbers(result);
    },
  },
  {
    name: 'retention-unverified-accounts',
    run: (db, now, signal) => {
      const before = new Date(now.getTime() - retention.unverifiedAccountDays * day).toISOString();
      return inBatches(signal, async () => {
        const accounts = await db
          .selectFrom('customer')
          .select(['id', 'email'])
          .where('is_email_verified', '=', 0)
          .where('created_at', '<=', before)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        let erased = 0;
        for (const account of accounts) {
          await inTransaction(db, async (trx) => {
            const subject = {
              kind: 'customer' as const,
              customerId: account.id,
              email: account.email,
              addressConfirmed: false,
            };
            // An unpaid order or a running course waits: the account goes on a later run.
            if ((await deletionBlockers(trx, await orderIdsOf(trx, subject), now)).length > 0) return;
            await erasePersonalData(trx, subject, now);
            erased++;
          });
          if (signal.aborted) break;
        }
        // A full batch of waiting accounts must not loop for ever.
        return erased === accounts.length ? accounts.length : 0;
      });
    },
  },
  {
    // Mailed links that ran out or were used: a guest's privacy link, and the undo link naming a former address.
    name: 'retention-links',
    run: async (db, now) => {
      const at = now.toISOString();
      const privacyLinks = await db
        .deleteFrom('privacy_link')
        .where((eb) => eb.or([eb('expires_at', '<=', at), eb('used_at', 'is not', null)]))
        .executeTakeFirst();
      const undoLinks = await db.deleteFrom('customer_email_undo').where('expires_at', '<=', at).executeTakeFirst();
      return numbers(privacyLinks) + numbers(undoLinks);
    },
  },
];

/** Each rule as a job of its own (one process at a time, the shop's clock), run every `everyMs`. */
export function retentionJobs({
  db,
  now,
  everyMs,
  log,
}: {
  db: Db;
  now: () => Date;
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'info'>;
}): JobDefinition[] {
  return retentionRules.map((rule) => ({
    name: rule.name,
    everyMs,
    async run(signal) {
      const changed = await rule.run(db, now(), signal);
      if (changed > 0)
        log.info({ event: 'retention', rule: rule.name, changed }, `Retention: ${rule.name} (${changed})`);
    },
  }));
}
