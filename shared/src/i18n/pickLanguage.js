/**
 * The language rule of docs/product-rules.md#overview, #validation, applied to candidates in detection order
 * (stored preference, the browser's languages, the page's `<html lang>`): each candidate must look like a language
 * tag (`de`, `en-US`, `es-419`) — anything else, e.g. markup or script a third party wrote into localStorage or the
 * page, is ignored — and must name one of the offered languages; the first that passes wins, `fallback` otherwise.
 * i18n decides with it (detection.ts), and so does the inline script of the shell's HTML before any module has
 * loaded (shared/vite/earlyApiReads.js inlines its text), so it is plain JavaScript and self-contained: no imports,
 * no names from outside its body.
 * @template {string} L
 * @template F
 * @param {readonly unknown[]} candidates
 * @param {readonly L[]} offered
 * @param {F} fallback
 * @returns {L | F}
 */
export function pickOfferedLanguage(candidates, offered, fallback) {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate.length > 35) continue;
    if (!/^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i.test(candidate)) continue;
    const primary = candidate.split(/[-_]/)[0].toLowerCase();
    const found = offered.find((language) => language === primary);
    if (found !== undefined) return found;
  }
  return fallback;
}

/** localStorage key of the chosen language (docs/product-rules.md#overview: stored locally). */
export const languageStorageKey = 'language';
