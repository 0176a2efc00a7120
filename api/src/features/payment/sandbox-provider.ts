import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  shopCurrency,
} from '../payment-provider/provider.ts';

export const sandboxOutcomes = [
  'paid',
  'failed',
  'canceled',
  'expired',
] as const satisfies readonly ProviderPaymentStatus[];
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

/** The sandbox's provider name (payment.provider, the webhook path); production refuses a provider of this name. */
export const sandboxProviderName = 'sandbox';

/** The sandbox's page for one payment, served by the API itself (docs/architecture.md). */
export const sandboxPagePath = (id: string) => `/api/payments/sandbox/${encodeURIComponent(id)}`;

/**
 * The default provider (docs/architecture.md#payments): a stand-in for an outside provider whose "hosted page" is
 * /api/payments/sandbox/{id} with one button per outcome. Its books are the `sandbox_payment` table.
 */
export function sandboxProvider(
  db: Db,
  shopUrl: string,
): PaymentProvider & { decide(id: string, outcome: SandboxOutcome): Promise<ProviderPayment | null> } {
  const read = async (id: string): Promise<ProviderPayment | null> => {
    const row = await db.kysely
      .selectFrom('sandbox_payment')
      .select(['id', 'status', 'amount_cents'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          status: row.status as ProviderPaymentStatus,
          amountCents: row.amount_cents,
          currency: shopCurrency,
          chargedBackCents: 0,
        }
      : null;
  };
  return {
    name: sandboxProviderName,
    // Its books are its own, like an outside provider's: written outside the shop's transactions.
    async createPayment({ amountCents, reference }) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await db.kysely
        .insertInto('sandbox_payment')
        .values({ id, amount_cents: amountCents, status: 'pending', reference, created_at: new Date().toISOString() })
        .execute();
      return { id, paymentLink: new URL(sandboxPagePath(id), shopUrl).toString() };
    },
    fetchPayment: read,
    /** One refund per idempotency key (unique in its books), only of a paid payment and never above its amount. */
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const earlier = await db.kysely
        .selectFrom('sandbox_refund')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (earlier) return { id: earlier.id };
      const payment = await read(paymentId);
      if (!payment || payment.status !== 'paid') throw new Error(`Sandbox: payment ${paymentId} is not paid`);
      const refunded = await db.kysely
        .selectFrom('sandbox_refund')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount_cents'), eb.lit(0)).as('total'))
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      if (Number(refunded.total) + amountCents > payment.amountCents)
        throw new PaymentRefusedError(`Sandbox: refunds of ${paymentId} would exceed its amount`);
      const id = `sbx_re_${randomBytes(12).toString('hex')}`;
      // The unique key settles a race between two processes: the loser reads the winner's refund.
      const inserted = await db.kysely
        .insertInto('sandbox_refund')
        .values({
          id,
          payment_id: paymentId,
          amount_cents: amountCents,
          idempotency_key: idempotencyKey,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { id };
      const winner = await db.kysely
        .selectFrom('sandbox_refund')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      return { id: winner.id };
    },
    /** The tester's choice on the page. A real provider decides once, so only a pending payment changes. */
    async decide(id, outcome) {
      await db.kysely
        .updateTable('sandbox_payment')
        .set({ status: outcome })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      return read(id);
    },
  };
}
