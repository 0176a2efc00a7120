/**
 * What must never be written to a log, found in strings and objects and replaced (docs/decisions/
 * 0010-operations.md). Pure functions, so the logger (log-redaction.ts) and the log check of the tests share them.
 */

export const redacted = '[redacted]';

/** Keys (compared lower-case, without `_`/`-`) whose values are secrets or payment data, whatever they hold. */
const secretKeyParts = [
  'password',
  'passwd',
  'token',
  'secret',
  'apikey',
  'authorization',
  'cookie',
  'cardnumber',
  'cvc',
  'cvv',
  'iban',
  'consumeraccount',
  'smtpurl',
  'databaseurl',
];
const secretKeys = new Set(['card', 'link', 'resetlink', 'pan', 'key', 'pin']);

export function isSecretKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_]/g, '');
  return secretKeys.has(normalised) || secretKeyParts.some((part) => normalised.includes(part));
}

/** `anna.schmidt@example.de` → `a***@example.de`: which domain a mail went to helps; who it was does not belong in logs. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

const emailPattern =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;
/** A query parameter of a link whose name says it carries a secret (`?token=…`, `&key=…`). */
const secretParameterPattern =
  /([?&;](?:[A-Za-z0-9_-]*(?:token|secret|password|key|code|signature|sig))=)[^&#\s"'<>]+/gi;
/** A path segment that looks like a generated id or token (long, letters and digits): parked-cart ids, link tokens. */
const tokenSegmentPattern = /(?<=\/)(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}(?=[/?#\s"']|$)/g;
/** `scheme://user:password@host`: the password part. */
const urlCredentialsPattern = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s/]+@/gi;
/**
 * 14 to 19 digits, optionally grouped by spaces or dashes, not part of a longer or decimal number and not inside an
 * identifier (a provider's payment id such as `sbx_4205431866447339aec2…` must reach the operator whole): checked
 * with Luhn before it is taken for a card number. (13 would catch every millisecond timestamp.)
 */
const cardNumberPattern = /(?<![A-Za-z_]|\d\.?)\d(?:[ -]?\d){13,18}(?![A-Za-z_]|\.?\d)/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `text` with secrets replaced and e-mail addresses masked. */
export function scrubText(text: string): string {
  return text
    .replace(urlCredentialsPattern, `$1${redacted}@`)
    .replace(secretParameterPattern, `$1${redacted}`)
    .replace(tokenSegmentPattern, redacted)
    .replace(emailPattern, maskEmail)
    .replace(cardNumberPattern, (match) => (passesLuhn(match.replace(/\D/g, '')) ? redacted : match));
}

export interface ScrubOptions {
  /** Values left as they are (e.g. ones a serializer handles later). */
  keep?: (key: string, value: unknown) => boolean;
}

/** A copy of `value` with secret-keyed values replaced and every string scrubbed; depth-limited, cycles cut. */
export function scrubValue(
  value: unknown,
  options: ScrubOptions = {},
  depth = 0,
  seen = new WeakSet<object>(),
): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, options, depth + 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (options.keep?.(key, item)) copy[key] = item;
    else if (isSecretKey(key) && item !== null && item !== undefined && typeof item !== 'boolean') copy[key] = redacted;
    else copy[key] = scrubValue(item, options, depth + 1, seen);
  }
  return copy;
}

/** An error as a plain object (type, message, stack, its own fields, its cause), scrubbed. */
export function scrubError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return scrubValue(error);
  const { cause, ...fields } = Object.fromEntries(Object.entries(error)) as Record<string, unknown>;
  return scrubValue({
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack,
    ...fields,
    ...(error.cause !== undefined || cause !== undefined ? { cause: scrubError(error.cause ?? cause, depth + 1) } : {}),
  });
}

/** The lines of a log that still hold something `scrubText` would remove or mask (the log check's test). */
export function logLinesWithSecrets(log: string): string[] {
  return log.split('\n').filter((line) => line !== scrubText(line));
}
