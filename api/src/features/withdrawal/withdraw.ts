import { normalizeEmail, type WithdrawalPosition, type WithdrawalReviewReason } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { choosePositions, reviewBeforeWithdrawal } from './decide.ts';
import { loadPositions, lockOrder } from './load-order.ts';
import { recordRefund } from './record-refund.ts';
import { markWithdrawn, settleWithdrawn } from './settle.ts';

export interface WithdrawInput {
  declarationId: number;
  orderNumber: string;
  email: string;
  /** The customer logged in while declaring: their own orders match whatever address the receipt goes to. */
  customerId: number | null;
  /** As declared; empty: the whole contract. */
  positions: readonly WithdrawalPosition[];
  receivedAt: Date;
}

export type WithdrawOutcome =
  | { outcome: 'review'; reason: WithdrawalReviewReason; orderId: number | null }
  | {
      outcome: 'withdrawn';
      orderId: number;
      /** The positions this declaration withdrew. */
      withdrawn: WithdrawalPosition[];
      refundCents: number;
      /** The refund row to issue; null when nothing was paid that could go back. */
      refundId: number | null;
      placesChanged: boolean;
    };

/**
 * The order a declaration names: its number, and either its address or the logged-in customer owning it; null
 * when none matches (the answer then tells nothing about the order). `byOwner`: the declarant is the order's
 * logged-in owner, the only declarant the shop acts for at once; a match by address alone waits for the link sent
 * to that address (docs/withdrawal-rules.md).
 */
export async function findDeclaredOrder(
  trx: Kysely<Database>,
  { orderNumber, email, customerId }: Pick<WithdrawInput, 'orderNumber' | 'email' | 'customerId'>,
) {
  const order = await trx
    .selectFrom('shop_order')
    .select(['id', 'email', 'customer_id', 'status', 'created_at', 'total_price_cents', 'early_start_requested_at'])
    .where('increment_id', '=', orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  const byOwner = customerId !== null && order.customer_id === customerId;
  return byOwner || normalizeEmail(order.email) === normalizeEmail(email) ? { order, byOwner } : null;
}

/**
 * Acts on a stored declaration the shop may act on (its order's logged-in owner's, or one confirmed by its link,
 * docs/withdrawal-rules.md), in one transaction: finds the order (its number and its address, or the logged-in
 * customer's own order), checks the 14 days and that it was paid, withdraws the chosen positions that still stand
 * (each with one conditional write, so a replay or a concurrent declaration never withdraws one twice), gives back
 * places and appointments, takes back unused package credits, gives back the credits the withdrawn courses spent,
 * by the same share as their money, and records the refund due (each position's own net price,
 * docs/withdrawal-rules.md), at most what was paid and not refunded yet. Anything the shop cannot decide alone is
 * left to the school (`review`).
 */
export async function withdrawPositions(trx: Kysely<Database>, input: WithdrawInput): Promise<WithdrawOutcome> {
  const found = await findDeclaredOrder(trx, input);
  if (!found) return { outcome: 'review', reason: 'unknown_order', orderId: null };
  const { order } = found;
  const review = (reason: WithdrawalReviewReason): WithdrawOutcome => ({
    outcome: 'review',
    reason,
    orderId: order.id,
  });
  const before = reviewBeforeWithdrawal(order, input.receivedAt);
  if (before !== null) return review(before);

  await lockOrder(trx, order);
  const rows = await loadPositions(trx, order.id);
  const { chosen, baseOf } = choosePositions(rows, order.total_price_cents, input.positions);
  if (chosen.length === 0) return review('unknown_order');
  const withdrawn = await markWithdrawn(trx, chosen, input.declarationId);
  if (withdrawn.length === 0) return review('already_withdrawn');

  const settled = await settleWithdrawn(trx, { order, rows, withdrawn, baseOf, receivedAt: input.receivedAt });
  const { refundCents, refundId } = await recordRefund(trx, {
    orderId: order.id,
    declarationId: input.declarationId,
    receivedAt: input.receivedAt,
    dueCents: settled.dueCents,
  });
  return {
    outcome: 'withdrawn',
    orderId: order.id,
    withdrawn,
    refundCents,
    refundId,
    placesChanged: settled.placesChanged,
  };
}
