/**
 * Money in German format (docs/product-rules.md#overview): comma decimals, thousands dots, trailing euro sign, whole amounts without
 * decimals — `1.234,50 €`, `120 €`. The space before € is a no-break space so the sign never wraps away.
 *
 * Written out rather than with `Intl.NumberFormat('de-DE', { style: 'currency' })`, which gives the same text
 * (format.test.ts compares the two) but whose construction took about 9 ms of every page's start, before its first
 * paint, loading the locale's currency data (docs/performance.md#what-every-page-loads).
 */
const nbsp = '\u00a0';

/** Rounds to cents once, then formats; `amount` is in EUR. */
export function formatMoney(amount: number): string {
  // toPrecision(15) removes binary noise first (289.005 * 100 is 28900.499…), so half-cents round up.
  return formatCents(Math.round(Number((amount * 100).toPrecision(15))));
}

/** The same for an amount already in integer cents (what the admin API reports). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const rest = absolute % 100;
  return `${sign}${euros}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`}${nbsp}€`;
}
