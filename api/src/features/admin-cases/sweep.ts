import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { queueDailyDigest } from '../school-notices/digest.ts';
import { openMailFailedCase } from '../cases/mail-cases.ts';
import { openCase } from '../cases/open.ts';
import { issueRefundsWithNotice } from './refund.ts';

export interface CaseSweepOptions {
  db: Kysely<Database>;
  provider: PaymentProvider;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** A refund still pending this long after it was recorded is tried again by the sweep. */
const refundRetryAfterMs = 60_000;

/**
 * The causes that only time reveals, and the backstop of those opened where they happen: a withdrawal's link that
 * ran out unused, money flagged for refund and mails failed for good without their case (the process stopped
 * between the two writes), refunds left pending by a provider that did not answer, and the daily digest. Each step
 * is idempotent (one case per cause, one digest per day), so any process may run it.
 */
export async function sweepCases({ db, provider, now, log }: CaseSweepOptions): Promise<void> {
  const at = now();
  const unused = await db
    .selectFrom('withdrawal_confirmation')
    .innerJoin('withdrawal_declaration', 'withdrawal_declaration.id', 'withdrawal_confirmation.withdrawal_id')
    .leftJoin('shop_order', 'shop_order.increment_id', 'withdrawal_declaration.order_number')
    .select([
      'withdrawal_confirmation.withdrawal_id',
      'withdrawal_confirmation.expires_at',
      'withdrawal_declaration.order_number',
      'shop_order.id as order_id',
      'shop_order.total_price_cents',
    ])
    .where('withdrawal_confirmation.confirmed_at', 'is', null)
    .where('withdrawal_confirmation.expires_at', '<=', at.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_case')
            .select('order_case.id')
            .whereRef('order_case.withdrawal_id', '=', 'withdrawal_confirmation.withdrawal_id')
            .where('order_case.kind', '=', 'confirmation_unused'),
        ),
      ),
    )
    .limit(100)
    .execute();
  for (const row of unused)
    await openCase(
      db,
      {
        kind: 'confirmation_unused',
        causeKey: `confirmation_unused:declaration:${row.withdrawal_id}`,
        orderId: row.order_id,
        withdrawalId: row.withdrawal_id,
        amountCents: row.total_price_cents ?? 0,
        note: `The confirmation link of withdrawal ${row.withdrawal_id} for order ${row.order_number} ran out unused on ${row.expires_at}: the declaration was not acted on`,
      },
      at,
    );

  const flagged = await db
    .selectFrom('payment')
    .innerJoin('shop_order', 'shop_order.id', 'payment.order_id')
    .select(['payment.id', 'payment.order_id', 'payment.amount_cents', 'shop_order.increment_id'])
    .where('payment.refund_required', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('order_case').select('order_case.id').whereRef('order_case.payment_id', '=', 'payment.id')),
      ),
    )
    .limit(100)
    .execute();
  for (const row of flagged)
    await openCase(
      db,
      {
        kind: 'late_payment',
        causeKey: `refund_required:payment:${row.id}`,
        orderId: row.order_id,
        paymentId: row.id,
        amountCents: row.amount_cents,
        note: `Payment ${row.id} of order ${row.increment_id} is flagged for refund (money for a cancelled order)`,
      },
      at,
    );

  const failedMails = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'failed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('order_case').select('order_case.id').whereRef('order_case.mail_id', '=', 'mail_outbox.id')),
      ),
    )
    .limit(100)
    .execute();
  for (const { id } of failedMails) await openMailFailedCase(db, id, at);

  const stale = await db
    .selectFrom('refund')
    .select('order_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('provider', '=', provider.name)
    .where('updated_at', '<=', new Date(at.getTime() - refundRetryAfterMs).toISOString())
    .limit(20)
    .execute();
  for (const { order_id } of stale)
    await issueRefundsWithNotice(db, provider, order_id, at).catch((error: unknown) =>
      log.error({ err: error, orderId: order_id }, 'A pending refund was not issued yet; tried again later'),
    );

  await queueDailyDigest(db, at);
}

/** The sweep as a job of the job runner (one process at a time). */
export function caseSweepJob({ everyMs, ...options }: CaseSweepOptions & { everyMs: number }): JobDefinition {
  return { name: 'cases-sweep', everyMs, run: () => sweepCases(options) };
}
