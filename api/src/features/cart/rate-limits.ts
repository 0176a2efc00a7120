/**
 * Parking a cart for another page or device (POST /cart/sync) is one click of a buyer; the limit stops one
 * client from filling the database, far above what a classroom behind one address parks.
 * Figures: docs/decisions/0007-shared-rate-limits.md.
 */
export const cartSyncRateLimit = { perClient: { max: 60, timeWindowMs: 60 * 60_000 } };

/**
 * Different discount codes the shop does not know that one client may try per hour (code-guesses.ts): a buyer
 * mistypes one or two, and a classroom behind one address stays below; a script guessing codes stops at 20.
 */
export const unknownCodeRateLimit = { perClient: { max: 20, timeWindowMs: 60 * 60_000 } };
