import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { closeCase, openCase } from './open.ts';

/** A refund the provider has just confirmed (its row moved from pending to issued in this transaction). */
export interface RefundIssuedEvent {
  refundId: number;
  orderId: number;
  amountCents: number;
}

export type RefundIssuedListener = (trx: Kysely<Database>, refund: RefundIssuedEvent, now: Date) => Promise<void>;

const listeners = new Set<RefundIssuedListener>();

/**
 * The hook for what follows an issued refund elsewhere (the cancellation invoice, docs/decisions/0113-cases-and-refunds.md): the
 * listener runs in the transaction that marks the refund issued, once per refund, whichever process issued it; a
 * throw rolls that move back and the refund is tried again. The answer unregisters it. The `refund` row itself
 * (status `issued`, `updated_at`, `amount_cents`) is the durable record a later reader can rely on.
 */
export function onRefundIssued(listener: RefundIssuedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What an issued refund changes in the shop: the case it was made for is closed, the order is marked refunded once
 * nothing of its payment is left, and the listeners run.
 */
export async function refundIssued(trx: Kysely<Database>, refund: RefundIssuedEvent, now: Date): Promise<void> {
  const cases = await trx
    .selectFrom('order_case')
    .select('id')
    .where('refund_id', '=', refund.refundId)
    .where('status', '=', 'open')
    .execute();
  for (const { id } of cases) await closeCase(trx, id, `Refund #${refund.refundId} issued`, now, null);
  const held = await heldCents(trx, refund.orderId);
  if (held !== null && held <= 0)
    await trx.updateTable('shop_order').set({ is_refunded: 1 }).where('id', '=', refund.orderId).execute();
  for (const listener of listeners) await listener(trx, refund, now);
}

/** The provider refused a refund: the row is failed with its reason (once), and a case keeps it in view. */
export async function refundRefused(
  trx: Kysely<Database>,
  refund: RefundIssuedEvent,
  reason: string,
  now: Date,
): Promise<void> {
  const failed = await trx
    .updateTable('refund')
    .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: now.toISOString() })
    .where('id', '=', refund.refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (failed.numUpdatedRows !== 1n) return;
  await openCase(
    trx,
    {
      kind: 'refund_refused',
      causeKey: `refund_refused:refund:${refund.refundId}`,
      orderId: refund.orderId,
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      note: `The payment provider refused refund #${refund.refundId}: ${reason}`,
    },
    now,
  );
}

/**
 * What the shop still holds of the order's paid payment: its amount less every refund not refused (pending ones
 * too, so two refunds asked at once never add up to more) and what the buyer's bank charged back; null without a
 * paid payment.
 */
export async function heldCents(db: Kysely<Database>, orderId: number): Promise<number | null> {
  const held = await refundableCents(db, orderId);
  return held && held.paidCents - held.refundedCents - held.chargedBackCents;
}

export async function refundableCents(db: Kysely<Database>, orderId: number) {
  const payment = await db
    .selectFrom('payment')
    .select(['id', 'provider', 'transaction_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .where('transaction_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!payment) return null;
  const [refunded, order] = await Promise.all([
    db
      .selectFrom('refund')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('total'))
      .where('order_id', '=', orderId)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow(),
    db.selectFrom('shop_order').select('charged_back_cents').where('id', '=', orderId).executeTakeFirstOrThrow(),
  ]);
  return {
    payment,
    paidCents: payment.amount_cents,
    refundedCents: Number(refunded.total),
    chargedBackCents: order.charged_back_cents,
  };
}
