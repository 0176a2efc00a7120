import { z } from 'zod';
import { languageSchema } from './common.ts';

/** A server-side text: `slug` is the i18next key (dot path), `value` its text in `language`. */
export const translationSchema = z.object({ slug: z.string(), language: languageSchema, value: z.string() });
export const translationListSchema = z.array(translationSchema);

/** One language's texts (GET /translation/:language): i18next key (dot path) → text. */
export const translationTextsSchema = z.record(z.string(), z.string());

/** `ns=catalog,common` limits the texts to those top-level namespaces (a page that shows one area only). */
export const translationTextsQuerySchema = z.object({
  ns: z
    .string()
    .max(200)
    .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, 'Comma-separated namespaces')
    .optional(),
});
