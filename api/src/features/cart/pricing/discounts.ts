import { percentOfCents } from '@shop/shared/money';
import type { CodeOutcome, DiscountCodeFacts, DiscountRejection, PricedLine } from './model.ts';

/**
 * Why `code` cannot be used on this cart, or null when it can. Checked in the order a learner can act on:
 * whether it exists and is valid now, whether it has uses left, whether the cart reaches its minimum, whether
 * anything in the cart is something it applies to.
 */
export function rejectDiscountCode(
  code: DiscountCodeFacts | undefined,
  { lines, afterCreditsCents, now }: { lines: readonly PricedLine[]; afterCreditsCents: number; now: string },
): DiscountRejection | null {
  if (!code) return 'unknown';
  if (code.validFrom !== null && now < code.validFrom) return 'not_started';
  if (code.validUntil !== null && now >= code.validUntil) return 'expired';
  if (code.usageLimit !== null && code.usesTotal >= code.usageLimit) return 'used_up';
  // An unknown buyer (a guest's cart) is counted at submit, which knows the address.
  if (
    code.usageLimitPerCustomer !== null &&
    code.usesByCustomer !== null &&
    code.usesByCustomer >= code.usageLimitPerCustomer
  )
    return 'used_up';
  if (code.minOrderCents !== null && afterCreditsCents < code.minOrderCents) return 'minimum_not_reached';
  if (!lines.some((line) => appliesTo(code, line) && payable(line) > 0)) return 'not_applicable';
  return null;
}

const appliesTo = (code: DiscountCodeFacts, line: PricedLine) =>
  code.itemTypes === null || code.itemTypes.includes(line.itemType);

/** What is still to be paid for a line: its price after credits, minus the codes applied so far. */
const payable = (line: PricedLine) => (line.quantity - line.appliedCredits) * line.unitPriceCents - line.discountCents;

/**
 * Applies a valid code to the lines it covers, in place. A percentage is taken of what those lines still cost
 * (so two codes never discount the same euro twice) and rounded once, to the cent; a fixed amount is capped at
 * it, so a total can never go below 0. The amount is spread over the lines in proportion to what each still
 * costs (largest remainder, ties to the earlier line), so the lines' discounts add up to it exactly.
 */
export function applyDiscountCode(code: DiscountCodeFacts, lines: PricedLine[]): number {
  const eligible = lines.filter((line) => appliesTo(code, line) && payable(line) > 0);
  const base = eligible.reduce((sum, line) => sum + payable(line), 0);
  const wanted = code.percentOff !== null ? percentOfCents(base, code.percentOff) : (code.amountOffCents ?? 0);
  const amount = Math.min(wanted, base);
  if (amount <= 0) return 0;
  const shares = eligible.map((line, index) => {
    const exact = (payable(line) * amount) / base;
    return { line, index, cents: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    share.cents += 1;
    left -= 1;
  }
  for (const share of shares) {
    if (share.cents === 0) continue;
    share.line.discountCents += share.cents;
    share.line.discountCodes.push(code.code);
  }
  return amount;
}

/** Every provided code, in the order given, with its outcome; valid codes are applied to `lines` as they go. */
export function applyDiscountCodes(
  codes: readonly string[],
  facts: ReadonlyMap<string, DiscountCodeFacts>,
  lines: PricedLine[],
  context: { afterCreditsCents: number; now: string },
): CodeOutcome[] {
  return codes.map((code) => {
    const found = facts.get(code);
    const rejection = rejectDiscountCode(found, { lines, ...context });
    return { code, rejection, discountCents: rejection || !found ? 0 : applyDiscountCode(found, lines) };
  });
}
