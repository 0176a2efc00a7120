/**
 * Money, one way (docs/decisions/0131-money-one-way.md): integer cents inside the API and the presenter, euros
 * on the shop's wire (cents on the admin API's), and this module the only place that converts, rounds or formats. A lint rule
 * (`lint/money.test.ts`) keeps `* 100` and `/ 100` out of every other source file.
 */

const centsPerEuro = 100;
const nbsp = '\u00a0';

/** Largest value a PostgreSQL `integer` column can be compared with without an out-of-range error. */
export const maxSqlInteger = 2_147_483_647;

/** Cents of the database or the presenter as euros of the wire (docs/decisions/0136-admin-money-in-cents.md). */
export const centsToEuros = (cents: number): number => cents / centsPerEuro;

/**
 * Euros of the wire as whole cents, rounded once (half-cents up); toPrecision(15) removes binary noise first
 * (289.005 * 100 is 28900.499…, 1.1 * 100 is 110.00000000000001).
 */
export const eurosToCents = (euros: number): number => Math.round(Number((euros * centsPerEuro).toPrecision(15)));

/** Whether a euro amount has at most two decimals (a form's or an import's price). */
export const hasWholeCents = (euros: number): boolean =>
  Math.abs(euros * centsPerEuro - Math.round(euros * centsPerEuro)) < 1e-6;

/** The net part of a gross amount that includes `ratePercent` % VAT, rounded to the cent (an invoice's VAT group). */
export const netCentsOfGross = (grossCents: number, ratePercent: number): number =>
  Math.round((grossCents * 100) / (100 + ratePercent));

/** `percent` % of an amount, rounded once to the cent (a percentage discount code). */
export const percentOfCents = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/**
 * A price filter bound in cents. A bound between two cents rounds inwards (min up, max down) so that
 * "priceMin=99.501" does not match 99.50; float noise such as 1.1 * 100 = 110.00000000000001 is ignored.
 * Clamped to the integer range so that no input can make the database reject the query.
 */
export function priceBoundToCents(euros: number, bound: 'min' | 'max'): number {
  const raw = euros * centsPerEuro;
  const nearest = Math.round(raw);
  const cents = Math.abs(raw - nearest) < 1e-6 ? nearest : bound === 'min' ? Math.ceil(raw) : Math.floor(raw);
  return Math.min(Math.max(cents, 0), maxSqlInteger);
}

/** Cents as a decimal string with exactly two decimals ("744.30", "-5.00"): the payment provider's amounts. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not an amount in cents: ${cents}`);
  const whole = Math.abs(cents);
  const units = Math.trunc(whole / centsPerEuro);
  return `${cents < 0 ? '-' : ''}${units}.${String(whole % centsPerEuro).padStart(2, '0')}`;
}

/** A decimal string with at most two decimals ("12", "12.5", "12.50") as hundredths; undefined if it is not one. */
export function decimalToCents(value: string): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * centsPerEuro + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Cents as German decimal euros without a currency sign or thousands dots ("1234,50", "-5,00"): a spreadsheet's
 * number cell in the German office's CSV exports and the amount a back office money input shows for editing.
 */
export const centsToGermanDecimal = (cents: number): string => centsToDecimal(cents).replace('.', ',');

/** Why a typed euro amount was refused: the back office's field-error codes. */
export type EuroTextError = 'euro_amount' | 'two_decimals' | 'not_negative';

/**
 * A euro amount as staff type it ("289,50", "289.5", "1200", "12,50 €") as cents, or why it is not one.
 * Comma or dot is the decimal mark; no thousands separators ("1.234" has three decimals and is refused, never
 * read as 1234 €), so nothing is guessed.
 */
export function parseEuroText(text: string): { cents: number } | { error: EuroTextError } {
  const trimmed = text.replace(/\s*€\s*$/, '').trim();
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return { error: 'euro_amount' };
  const decimals = match[3] ?? '';
  if (decimals.length > 2) return { error: 'two_decimals' };
  if (match[1] === '-') return { error: 'not_negative' };
  const cents = decimalToCents(`${match[2]}.${decimals.padEnd(2, '0')}`);
  return cents === undefined || cents > maxSqlInteger ? { error: 'euro_amount' } : { cents };
}

/**
 * Cents in the shop's German format (docs/product-rules.md#prices-and-vat): comma decimals, thousands dots,
 * trailing euro sign after a no-break space, whole amounts without decimals — `1.234,50 €`, `120 €`.
 *
 * Written out rather than with `Intl.NumberFormat('de-DE', { style: 'currency' })`, which gives the same text
 * (money.test.ts compares the two) but whose construction took about 9 ms of every page's start, before its
 * first paint, loading the locale's currency data (docs/performance.md#what-every-page-loads).
 */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const absolute = Math.abs(rounded);
  const euros = String(Math.floor(absolute / centsPerEuro)).replace(/\B(?=(\d{3})+$)/g, '.');
  const rest = absolute % centsPerEuro;
  return `${sign}${euros}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`}${nbsp}€`;
}

/** Euros of the wire in the shop's format, rounded to cents once. */
export const formatMoney = (euros: number): string => formatCents(eurosToCents(euros));

const numberLocales: Record<string, string> = { de: 'de-DE', en: 'en-IE', es: 'es-ES' };

/**
 * Cents with two decimals in the language's own notation (`12,50 €`, `€12.50`), for the pages outside the shop's
 * screens that follow the buyer's language (the payment sandbox); unknown languages read German.
 */
export function formatCentsIn(cents: number, language: string): string {
  const locale = numberLocales[language] ?? 'de-DE';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(centsToEuros(cents));
}
