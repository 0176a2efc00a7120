import { type Language, languages } from '@shop/shared/contract';

export interface TextRow {
  language: string;
  title: string;
  pretitle: string;
  short: string;
}

const isLanguage = (value: string): value is Language => (languages as readonly string[]).includes(value);

/**
 * The contract's shape for texts: one title per language, and pretitle/short as typed descriptions.
 * Empty texts (titles too: a language whose row is only partly filled in) are left out so the client falls back to
 * German instead of showing nothing; rows in a language the shop does not offer are ignored rather than breaking
 * the response schema.
 */
export function toContractTexts(rows: readonly TextRow[]) {
  const ordered = rows
    .filter((row): row is TextRow & { language: Language } => isLanguage(row.language))
    .sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language));
  return {
    titles: ordered.filter((row) => row.title).map((row) => ({ language: row.language, description: row.title })),
    descriptions: ordered.flatMap((row) => [
      ...(row.pretitle ? [{ language: row.language, type: 'pretitle' as const, description: row.pretitle }] : []),
      ...(row.short ? [{ language: row.language, type: 'short' as const, description: row.short }] : []),
    ]),
  };
}

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
