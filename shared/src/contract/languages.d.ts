/** Languages the shop offers; see languages.js. */
export declare const languages: readonly ['de', 'en', 'es'];
export declare const defaultLanguage: 'de';
