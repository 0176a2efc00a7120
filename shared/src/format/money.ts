/**
 * Money in German format (docs/product-rules.md#overview): comma decimals, thousands dots, trailing euro sign, whole amounts without
 * decimals — `1.234,50 €`, `120 €`. The space before € is a no-break space so the sign never wraps away.
 */
const withCents = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const whole = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** Rounds to cents once, then formats; `amount` is in EUR. */
export function formatMoney(amount: number): string {
  // toPrecision(15) removes binary noise first (289.005 * 100 is 28900.499…), so half-cents round up.
  const cents = Math.round(Number((amount * 100).toPrecision(15)));
  return cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100);
}
