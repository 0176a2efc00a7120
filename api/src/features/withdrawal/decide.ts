import {
  contractDateOf,
  withdrawalPeriodLastDay,
  type WithdrawalPosition,
  type WithdrawalReviewReason,
} from '@shop/shared/contract';
import { productLineTotalCents } from '../order/product-line.ts';
import { refundBases } from './amounts.ts';

const paidStatuses = ['paid', 'completed'];

/** One position's identity across the three tables it may live in. */
export const positionKey = (position: WithdrawalPosition) => `${position.kind}:${position.id}`;

/**
 * Why the school must decide instead of the shop, before anything is looked at but the order itself: a declaration
 * received after the 14 days, or for an order not paid; null when the shop may act.
 */
export function reviewBeforeWithdrawal(
  order: { status: string; created_at: string },
  receivedAt: Date,
): WithdrawalReviewReason | null {
  const lastDay = withdrawalPeriodLastDay(contractDateOf(new Date(order.created_at)));
  if (contractDateOf(receivedAt) > lastDay) return 'out_of_period';
  if (!paidStatuses.includes(order.status)) return 'not_paid';
  return null;
}

/** An order's positions as far as their prices are concerned. */
export interface PricedPositions {
  bookings: readonly { id: number; total_price_cents: number }[];
  products: readonly { id: number; quantity: number; unit_price_cents: number; discount_cents: number }[];
  packages: readonly { id: number; total_price_cents: number }[];
}

/**
 * The positions a declaration names among the order's (all of them when it names none), in the order's own order
 * (courses, products, packages), and each position's refund base: what was paid for it (net of codes and credits),
 * fixed for the order whichever positions are withdrawn first, adding up to what was charged (refundBases).
 */
export function choosePositions(
  rows: PricedPositions,
  orderTotalCents: number,
  declared: readonly WithdrawalPosition[],
): { chosen: WithdrawalPosition[]; baseOf: (position: WithdrawalPosition) => number } {
  const nets = [
    ...rows.bookings.map((row) => ({ kind: 'course' as const, id: row.id, cents: row.total_price_cents })),
    ...rows.products.map((row) => ({
      kind: 'product' as const,
      id: row.id,
      cents: productLineTotalCents(row),
    })),
    ...rows.packages.map((row) => ({ kind: 'package' as const, id: row.id, cents: row.total_price_cents })),
  ];
  const all: WithdrawalPosition[] = nets.map(({ kind, id }) => ({ kind, id }));
  const bases = refundBases(
    nets.map((net) => net.cents),
    orderTotalCents,
  );
  const baseOf = (position: WithdrawalPosition) =>
    bases[nets.findIndex((net) => positionKey(net) === positionKey(position))]!;
  const wanted = new Set(declared.map(positionKey));
  const chosen = declared.length === 0 ? all : all.filter((position) => wanted.has(positionKey(position)));
  return { chosen, baseOf };
}

/**
 * The refund a withdrawal records: what its positions are due, at most what the shop still holds of the payment,
 * what was paid less what refunds (not failed ones) and chargebacks already gave back; nothing without a payment.
 */
export function refundableCents({
  dueCents,
  paidCents,
  refundedCents,
  chargedBackCents,
}: {
  dueCents: number;
  /** The latest paid payment with a transaction; null when there is none. */
  paidCents: number | null;
  refundedCents: number;
  chargedBackCents: number;
}): number {
  const held = paidCents !== null ? paidCents - refundedCents - chargedBackCents : 0;
  return Math.max(0, Math.min(dueCents, held));
}
