/** The first candidate that is a plain language tag of an offered language, else `fallback`; see pickLanguage.js. */
export declare function pickOfferedLanguage<L extends string, F>(
  candidates: readonly unknown[],
  offered: readonly L[],
  fallback: F,
): L | F;
/** localStorage key of the chosen language. */
export declare const languageStorageKey: 'language';
