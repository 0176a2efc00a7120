import LanguageDetector from 'i18next-browser-languagedetector';
import { defaultLanguage, languages, type Language } from '../contract/common.ts';
import { pickOfferedLanguage } from './pickLanguage.js';

// Language detection of docs/product-rules.md#overview, #validation: candidates come from the stored preference, then
// the browser's languages, then the page's `<html lang>` (in that order; i18next-browser-languagedetector reads them).
// The rule itself is pickLanguage.js, shared with the shell page's inline script.

/** The offered language a candidate names (`en-GB` → `en`), or null when it is not a plain tag of de/en/es. */
export function offeredLanguage(candidate: unknown): Language | null {
  return pickOfferedLanguage([candidate], languages, null);
}

/** The first acceptable candidate in detection order, or German. */
export function pickLanguage(candidates: readonly unknown[]): Language {
  return pickOfferedLanguage(candidates, languages, defaultLanguage);
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
