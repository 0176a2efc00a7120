import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenTexts, type Language, languages } from '@shop/shared/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The areas' source texts, the seed of the translation table (docs/decisions/0033-texts-from-the-server.md):
 * the API reads the same i18n JSON files the areas bundle, at start, so a wording change in an area reaches the
 * table on the next start of the API without a generated copy to keep in step.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where each area keeps its texts, one `<language>.json` per offered language. */
export const textSourceDirs = [
  'shell/src/i18n',
  'shared/src/i18n/locales',
  'mf-catalog/src/i18n',
  'mf-cart-checkout/src/i18n',
  'mf-account/src/i18n',
  'mf-level-test/src/i18n',
] as const;

export type SourceTexts = Map<string, Record<Language, string>>;

/**
 * Every key of every area with its text per language; German is the source, a key missing in another language
 * falls back to its German text (the browser would show German too). A missing file stops the start: a shop
 * whose table silently lacks an area's texts is worse than one that does not start.
 */
export function readSourceTexts(root = repoRoot): SourceTexts {
  const texts: SourceTexts = new Map();
  for (const language of languages) {
    for (const dir of textSourceDirs) {
      const file = path.join(root, dir, `${language}.json`);
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      for (const [slug, value] of flattenTexts(parsed)) {
        const entry = texts.get(slug) ?? ({} as Record<Language, string>);
        entry[language] = value;
        texts.set(slug, entry);
      }
    }
  }
  for (const entry of texts.values()) for (const language of languages) entry[language] ??= entry.de;
  return texts;
}

let cached: SourceTexts | undefined;
/** The source texts, read once per process. */
const sourceTexts = () => (cached ??= readSourceTexts());

export interface TranslationSeedResult {
  added: number;
  updated: number;
}

/**
 * Brings the table in step with the source texts: adds missing keys, and moves untouched rows (value still the
 * one last seeded) to a changed source text. A row an operator changed is never written; one whose origin is
 * unknown (no seeded value) is adopted as seeded once it equals the source text.
 */
export async function syncTranslations(
  trx: Transaction<Database>,
  source: SourceTexts = sourceTexts(),
): Promise<TranslationSeedResult> {
  const existing = new Map(
    (await trx.selectFrom('translation').select(['slug', 'language', 'value', 'seeded_value']).execute()).map(
      (row) => [`${row.slug}\u0000${row.language}`, row] as const,
    ),
  );
  const missing: { slug: string; language: string; value: string; seeded_value: string }[] = [];
  const updates: { slug: string; language: string; value: string; was: string }[] = [];
  for (const [slug, values] of source) {
    for (const language of languages) {
      const value = values[language];
      const row = existing.get(`${slug}\u0000${language}`);
      if (!row) missing.push({ slug, language, value, seeded_value: value });
      else if (row.seeded_value === null ? row.value === value : row.value === row.seeded_value && row.value !== value)
        updates.push({ slug, language, value, was: row.value });
    }
  }
  for (let i = 0; i < missing.length; i += 200) {
    // Two processes starting on one database may seed at once: the second one's rows are already there.
    await trx
      .insertInto('translation')
      .values(missing.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['slug', 'language']).doNothing())
      .execute();
  }
  for (const { slug, language, value, was } of updates) {
    await trx
      .updateTable('translation')
      .set({ value, seeded_value: value })
      .where('slug', '=', slug)
      .where('language', '=', language)
      .where('value', '=', was) // an operator's edit since the read above wins
      .execute();
  }
  return { added: missing.length, updated: updates.length };
}
