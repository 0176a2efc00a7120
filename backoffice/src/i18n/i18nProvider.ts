import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { defaultLanguage, languages, type Language } from '@shop/shared/contract';
import raDe from './locales/ra.de.json';
import raEs from './locales/ra.es.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The back office's texts: react-admin's own (English from ra-language-english; German and Spanish kept here,
 * complete, because the published packages are for older react-admin versions) and the app's own namespace
 * (`bo.*`, resource names and fields), German first. Polyglot interpolation: `%{name}`.
 */
type Texts = { [key: string]: string | Texts };

/** `over` laid on `base`, key by key (a text missing in `over` keeps the one of `base`). */
function merged(base: Texts, over: Texts): Texts {
  const result: Texts = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = result[key];
    result[key] = typeof value === 'object' && typeof below === 'object' ? merged(below, value) : value;
  }
  return result;
}

const german = merged(raDe, de);
export const messages: Record<Language, TranslationMessages> = {
  de: german as TranslationMessages,
  // A text not (yet) translated shows in German, never as its key.
  en: merged(merged(german, englishMessages as Texts), en) as TranslationMessages,
  es: merged(merged(german, raEs), es) as TranslationMessages,
};

export const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English', es: 'Español' };

export const i18nProvider = polyglotI18nProvider(
  (locale) => messages[(languages as readonly string[]).includes(locale) ? (locale as Language) : defaultLanguage],
  defaultLanguage,
  languages.map((locale) => ({ locale, name: languageNames[locale] })),
  { allowMissing: true },
);

/** Whether `key` has a text (German is the source, so it has every key). */
export function hasText(key: string): boolean {
  let node: unknown = messages.de;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
