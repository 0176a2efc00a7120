/** The database keeps integer cents (no float rounding in sums); the API speaks EUR numbers. */
export function centsToEuro(cents: number): number {
  return cents / 100;
}

export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

/** Largest value a PostgreSQL `integer` column can be compared with without an out-of-range error. */
export const maxSqlInteger = 2_147_483_647;

/**
 * A price filter bound in cents. A bound between two cents rounds inwards (min up, max down) so that
 * "priceMin=99.501" does not match 99.50; float noise such as 1.1 * 100 = 110.00000000000001 is ignored.
 * Clamped to the integer range so that no input can make the database reject the query.
 */
export function priceBoundToCents(euro: number, bound: 'min' | 'max'): number {
  const raw = euro * 100;
  const nearest = Math.round(raw);
  const cents = Math.abs(raw - nearest) < 1e-6 ? nearest : bound === 'min' ? Math.ceil(raw) : Math.floor(raw);
  return Math.min(Math.max(cents, 0), maxSqlInteger);
}
