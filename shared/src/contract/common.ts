import { z } from 'zod';
import { defaultLanguage as defaultOfferedLanguage, languages } from './languages.js';

/** Languages the shop offers; `de` is the default and the source of all texts (one list: languages.js). */
export { languages };
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
export const defaultLanguage: Language = defaultOfferedLanguage;

/**
 * Every text the API accepts is built on these two, so one rule covers every form, query and path: no C0
 * control character (NUL included, which PostgreSQL cannot even store in a text column) and no DEL. Only
 * multi-line fields (an order comment) keep line feed, carriage return and tab. The check runs on the text as
 * sent, before any trimming, and stops there: the field error is this code, not a follow-up one.
 * Schemas that only describe the API's answers keep z.string(): they check our own data, not a client's.
 */
export const controlCharactersMessage = 'control_characters';
// eslint-disable-next-line no-control-regex -- matching control characters is the point of these two
const controlCharacters = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const controlCharactersBesidesLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasControlCharacters = (value: string, { multiline = false } = {}) =>
  (multiline ? controlCharactersBesidesLineBreaks : controlCharacters).test(value);

/** A single-line text without control characters. */
export const textSchema = z
  .string()
  .refine((value) => !hasControlCharacters(value), { message: controlCharactersMessage, abort: true });
/** A multi-line text: line breaks and tabs allowed, every other control character refused. */
export const multilineTextSchema = z.string().refine((value) => !hasControlCharacters(value, { multiline: true }), {
  message: controlCharactersMessage,
  abort: true,
});

/** Calendar date as the API writes it: `yyyy-MM-dd`. */
export const isoDateSchema = z.iso.date();
/** Wall-clock time as the API writes it: `HH:mm`. */
export const timeSchema = textSchema.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/** Money as the API sends it: EUR with at most 2 decimals (the server computes in cents). */
export const moneySchema = z.number().nonnegative();

/** An integer id arriving in a query string or path ("12" → 12); anything else is a validation error. */
export const queryIdSchema = z.coerce.number().int().positive();
