import { z } from 'zod';
import { languageSchema } from './common.ts';

/** A server-side text: `slug` is the i18next key (dot path), `value` its text in `language`. */
export const translationSchema = z.lazy(() =>
  z.object({ slug: z.string(), language: languageSchema, value: z.string() }),
);
export const translationListSchema = z.lazy(() => z.array(translationSchema));

/** One language's texts (GET /translation/:language): i18next key (dot path) → text. */
export const translationTextsSchema = z.lazy(() => z.record(z.string(), z.string()));

/** `ns=catalog,common` limits the texts to those top-level namespaces (a page that shows one area only). */
export const translationTextsQuerySchema = z.lazy(() =>
  z.object({
    ns: z
      .string()
      .max(200)
      .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, 'Comma-separated namespaces')
      .optional(),
  }),
);

/**
 * `{ a: { b: 'x' } }` → `[['a.b', 'x']]`: the keys (i18next dot paths) of a texts file, which are the keys of the
 * server's texts. The API seeds its table with them; the browser checks with them whether the server's texts of a
 * language hold all of an area's texts (shared/src/i18n/index.ts).
 */
export function flattenTexts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return prefix ? [[prefix, value]] : [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => flattenTexts(child, prefix ? `${prefix}.${key}` : key));
}
