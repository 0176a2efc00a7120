import { z } from 'zod';

/** Languages the shop offers; `de` is the default and the source of all texts. */
export const languages = ['de', 'en', 'es'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
export const defaultLanguage: Language = 'de';

/** Calendar date as the API writes it: `yyyy-MM-dd`. */
export const isoDateSchema = z.iso.date();
/** Wall-clock time as the API writes it: `HH:mm`. */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/** Money as the API sends it: EUR with at most 2 decimals (the server computes in cents). */
export const moneySchema = z.number().nonnegative();

/** An integer id arriving in a query string or path ("12" → 12); anything else is a validation error. */
export const queryIdSchema = z.coerce.number().int().positive();
