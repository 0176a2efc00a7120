import type { Language } from '@shop/shared/contract';
import { type AdminRefund, CaseErrorCode, type Refundable } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { sendRefundNotice } from '../withdrawal/mails.ts';
import { issuePendingRefunds } from '../withdrawal/refunds.ts';
import { heldCents, refundableCents } from '../cases/refund-events.ts';

const descriptions: Record<Language, (number: string) => string> = {
  de: (number) => `Erstattung Bestellung ${number}`,
  en: (number) => `Refund order ${number}`,
  es: (number) => `Reembolso pedido ${number}`,
};

const tooHigh = (held: number) =>
  new AppError(409, CaseErrorCode.refundTooHigh, `The shop holds ${held} cents of this order's payment`, {
    amountCents: 'too_large',
  });

/**
 * Step 1 of refundOrder, in the caller's (audited) transaction: records a pending refund of `amountCents` (all that
 * is held when undefined), never more than the shop still holds; under the order's row lock, so two refunds asked
 * at once count each other. The case it settles (if any) is tied to it and closes when the provider confirms.
 */
export async function recordRefund(
  trx: Kysely<Database>,
  input: { orderId: number; amountCents?: number; reason: string; caseId?: number; staffId: number },
  now: Date,
): Promise<number> {
  const locked = await trx
    .updateTable('shop_order')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', input.orderId)
    .executeTakeFirst();
  if (locked.numUpdatedRows !== 1n) throw notFound(`Order ${input.orderId} not found`);
  const held = await refundableCents(trx, input.orderId);
  const left = held ? held.paidCents - held.refundedCents - held.chargedBackCents : 0;
  const amount = input.amountCents ?? left;
  if (!held || amount <= 0 || amount > left) throw tooHigh(Math.max(0, left));
  if (input.caseId !== undefined) {
    const open = await trx
      .selectFrom('order_case')
      .select(['status', 'order_id'])
      .where('id', '=', input.caseId)
      .executeTakeFirst();
    if (!open || open.order_id !== input.orderId) throw notFound(`Case ${input.caseId} of this order not found`);
    if (open.status !== 'open') throw new AppError(409, CaseErrorCode.caseClosed, `Case ${input.caseId} is closed`);
  }
  const instant = now.toISOString();
  const row = await trx
    .insertInto('refund')
    .values({
      order_id: input.orderId,
      withdrawal_id: null,
      provider: held.payment.provider,
      payment_transaction_id: held.payment.transaction_id!,
      amount_cents: amount,
      status: 'pending',
      provider_refund_id: null,
      reason: input.reason,
      staff_id: input.staffId,
      created_at: instant,
      updated_at: instant,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.caseId !== undefined)
    await trx.updateTable('order_case').set({ refund_id: row.id }).where('id', '=', input.caseId).execute();
  return row.id;
}

/**
 * Step 2, after the commit: the order's pending refunds go to the provider on the withdrawals' path, and each one
 * issued mails the buyer (in the order's language). The provider down leaves them pending (thrown: 503; the case
 * sweep tries again); a refusal marks the refund failed and opens a case, answered as 409 with its reason.
 */
export async function issueOrderRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  refundId: number,
  now: Date,
): Promise<AdminRefund> {
  await issueRefundsWithNotice(db, provider, orderId, now);
  const refund = (await listRefunds(db, orderId)).find((row) => row.id === refundId)!;
  if (refund.status === 'failed')
    throw new AppError(409, CaseErrorCode.refundRefused, `The provider refused the refund: ${refund.failureReason}`);
  return refund;
}

/**
 * The order's pending refunds to the provider (issuePendingRefunds, the withdrawals' path); each one issued mails
 * the buyer in the order's language, in the transaction that marks it issued.
 */
export async function issueRefundsWithNotice(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  now: Date,
): Promise<void> {
  const order = await db
    .selectFrom('shop_order')
    .select(['increment_id', 'email', 'locale'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const language = (['de', 'en', 'es'].includes(order.locale) ? order.locale : 'de') as Language;
  await issuePendingRefunds(
    db,
    provider,
    orderId,
    now,
    descriptions[language](order.increment_id),
    async (trx, refund) => {
      // A withdrawal's refund retried here keeps the withdrawal's words.
      const row = await trx
        .selectFrom('refund')
        .select('withdrawal_id')
        .where('id', '=', refund.refundId)
        .executeTakeFirstOrThrow();
      await sendRefundNotice(
        trx,
        now,
        {
          to: order.email,
          orderNumber: order.increment_id,
          amountCents: refund.amountCents,
          cause: row.withdrawal_id === null ? 'shop' : 'withdrawal',
        },
        language,
      );
    },
  );
}

export async function listRefunds(db: Kysely<Database>, orderId: number): Promise<AdminRefund[]> {
  const rows = await db.selectFrom('refund').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    amountCents: row.amount_cents,
    status: row.status as AdminRefund['status'],
    providerRefundId: row.provider_refund_id,
    failureReason: row.failure_reason,
    reason: row.reason,
    withdrawalId: row.withdrawal_id,
    createdAt: row.created_at,
  }));
}

/** getRefundable: what the refund dialog shows (paid, refunded, charged back, still refundable, the refunds). */
export async function readRefundable(db: Kysely<Database>, orderId: number): Promise<Refundable> {
  const order = await db.selectFrom('shop_order').select('increment_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound(`Order ${orderId} not found`);
  const held = await refundableCents(db, orderId);
  const left = (await heldCents(db, orderId)) ?? 0;
  return {
    orderId,
    incrementId: order.increment_id,
    paidCents: held?.paidCents ?? 0,
    refundedCents: held?.refundedCents ?? 0,
    chargedBackCents: held?.chargedBackCents ?? 0,
    refundableCents: Math.max(0, left),
    refunds: await listRefunds(db, orderId),
  };
}
