import LanguageDetector from 'i18next-browser-languagedetector';
import { defaultLanguage, languages, type Language } from '../contract/common.ts';

/**
 * Language detection of docs/product-rules.md#overview, #validation: candidates come from the stored preference, then the browser's
 * languages, then the page's `<html lang>` (in that order; i18next-browser-languagedetector reads them).
 * Each candidate must look like a language tag (`de`, `en-US`, `es-419`) — anything else, e.g. markup or
 * script a third party wrote into localStorage or the page, is ignored — and must name one of the offered
 * languages; the first that passes wins, German otherwise.
 */
const languageTagPattern = /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i;

/** The offered language a candidate names (`en-GB` → `en`), or null when it is not a plain tag of de/en/es. */
export function offeredLanguage(candidate: unknown): Language | null {
  if (typeof candidate !== 'string' || candidate.length > 35 || !languageTagPattern.test(candidate)) return null;
  const primary = candidate.split(/[-_]/)[0]!.toLowerCase();
  return (languages as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** The first acceptable candidate in detection order, or German. */
export function pickLanguage(candidates: readonly unknown[]): Language {
  for (const candidate of candidates) {
    const language = offeredLanguage(candidate);
    if (language) return language;
  }
  return defaultLanguage;
}

/**
 * The library's detector (it reads localStorage, navigator and `<html lang>`, and stores the choice), with
 * the decision made by pickLanguage: so the filter is ours and tested, not an implementation detail of the
 * library, and i18next only ever sees de, en or es.
 */
export class ShopLanguageDetector extends LanguageDetector {
  override detect(order?: string[]): string {
    const found: unknown = super.detect(order);
    return pickLanguage(Array.isArray(found) ? found : [found]);
  }
}
