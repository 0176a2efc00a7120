import { z } from 'zod';
import { languageSchema } from './common.ts';

/** A server-side text: `slug` is the i18next key (dot path), `value` its text in `language`. */
export const translationSchema = z.object({ slug: z.string(), language: languageSchema, value: z.string() });
export const translationListSchema = z.array(translationSchema);
