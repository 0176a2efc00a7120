import { PriceChangeReason, type CartItem, type PriceChangedBody, type PriceResult } from '@shop/shared';
import { priceOf } from '../cart/cartLines.ts';

/** One sentence of the price-change notice. */
export type PriceChangeLine =
  | { kind: 'code'; code: string; message: string }
  | { kind: 'unitPrice'; item: CartItem; before: number; after: number }
  | { kind: 'credits'; item: CartItem; before: number; after: number }
  | { kind: 'total'; before: number; after: number };

/**
 * Why the server refused the total the buyer was shown (409 PRICE_CHANGED), in the order a buyer reads it: the
 * codes it no longer applies, with its reason; the cart lines whose unit price or credits differ between the
 * price shown and the fresh one; and the totals, when they differ.
 */
export function describePriceChange(
  shown: PriceResult,
  change: PriceChangedBody,
  items: readonly CartItem[],
): PriceChangeLine[] {
  const lines: PriceChangeLine[] = [];
  for (const reason of change.reasons) {
    if (reason.reason === PriceChangeReason.discountCodeRejected)
      lines.push({ kind: 'code', code: reason.code, message: reason.message });
  }
  for (const item of items) {
    const before = priceOf(item, shown);
    const after = priceOf(item, change.priceResult);
    if (!before || !after) continue;
    if (before.unitPrice !== after.unitPrice)
      lines.push({ kind: 'unitPrice', item, before: before.unitPrice, after: after.unitPrice });
    if (before.appliedCredits !== after.appliedCredits)
      lines.push({ kind: 'credits', item, before: before.appliedCredits, after: after.appliedCredits });
  }
  for (const reason of change.reasons) {
    if (reason.reason === PriceChangeReason.totalChanged)
      lines.push({ kind: 'total', before: reason.expectedTotalPrice, after: reason.totalPrice });
  }
  return lines;
}
