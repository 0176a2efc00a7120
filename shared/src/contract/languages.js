/**
 * Languages the shop offers; `de` is the default and the source of all texts. Plain JavaScript so that the shell's
 * build (shared/vite/earlyApiReads.js, which Node loads without a TypeScript loader) reads the same list the contract
 * validates with; `common.ts` re-exports it typed.
 */
export const languages = /** @type {const} */ (['de', 'en', 'es']);
export const defaultLanguage = 'de';
