import { languages, type Language } from '@shop/shared/contract';

type ItemText = { title?: string | null; pretitle?: string | null; short?: string | null };

/**
 * An item's texts as the form holds them (an emptied input is null) put into the contract's shape: German
 * complete, English and Spanish only when something is written in them (the shop falls back to German).
 */
export function cleanTexts(texts: Partial<Record<Language, ItemText | null>> | undefined) {
  const result: Partial<Record<Language, { title: string; pretitle: string; short: string }>> = {};
  for (const language of languages) {
    const text = texts?.[language];
    const cleaned = { title: text?.title ?? '', pretitle: text?.pretitle ?? '', short: text?.short ?? '' };
    if (language === 'de' || cleaned.title || cleaned.pretitle || cleaned.short) result[language] = cleaned;
  }
  return result;
}

/** Tags typed as `a1, abends` become a list of slugs; a list stays as it is. */
export function tagList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  return value
    .split(/[,\s]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const tagsFormat = (value: unknown) =>
  Array.isArray(value) ? value.join(', ') : ((value as string | null) ?? '');
export const keepAsTyped = (value: string) => value;
