import { z } from 'zod';
import { languages, languageSchema, multilineTextSchema, textSchema } from '../common.ts';
import { pageOf, pageQuerySchema, searchTextSchema, sortQuery } from './common.ts';

/**
 * The shop's texts (listTexts, updateText): every key of every area in every language. What an operator writes is a
 * layer over the shipped texts: removing an edit (`null`) shows the shipped text again.
 */

/** A text's key, as the areas name it: `shell.home.title`. */
export const textKeySchema = textSchema
  .min(1)
  .max(200)
  .regex(/^[\w-]+(\.[\w-]+)*$/, 'text_key');

export const listTextsQuerySchema = pageQuerySchema.extend({
  ...sortQuery(['key']),
  /** Part of a key or of a text in any language (case-insensitive). */
  q: searchTextSchema.optional(),
  /** The area: the key's first part (`shell`, `catalog`, `account` …). */
  area: textSchema.max(50).optional(),
  /** Keys without a text of their own in this language (`any`: in at least one). */
  missing: z.enum([...languages, 'any']).optional(),
  /** Only keys an operator edited (true) or none edited (false). */
  edited: z.stringbool().optional(),
});

const perLanguage = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(languages.map((language) => [language, value])) as Record<(typeof languages)[number], T>);

export const textItemSchema = z.object({
  /** The key (the list's id). */
  id: z.string(),
  key: z.string(),
  area: z.string(),
  /** What the shop shows, per language: the operator's text where there is one, else the shipped one. */
  values: perLanguage(z.string()),
  /** The shipped texts (null: the area ships none in that language and the shop shows German). */
  shipped: perLanguage(z.string().nullable()),
  /** The languages an operator edited. */
  edited: z.array(languageSchema),
  /** The languages with no text of their own (neither shipped nor edited). */
  missing: z.array(languageSchema),
  /** The edited languages whose shipped text changed since the edit (a deploy shipped another one under it). */
  outdated: z.array(languageSchema),
});
export type TextItem = z.infer<typeof textItemSchema>;
export const textPageSchema = pageOf(textItemSchema);

export const textKeyParamsSchema = z.object({ key: textKeySchema });

/** Per language: a text sets the operator's layer, `null` removes it (the shipped text shows again). */
export const updateTextRequestSchema = z
  .object({
    values: z
      .object(
        Object.fromEntries(
          languages.map((language) => [
            language,
            multilineTextSchema
              .max(5000, 'too_long')
              .refine((value) => value.trim() !== '', 'required')
              .nullable()
              .optional(),
          ]),
        ) as Record<(typeof languages)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>,
      )
      .strict()
      .refine((values) => Object.keys(values).length > 0, 'required'),
  })
  .strict();
