import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import raDe from './locales/ra.de.json';
import raEs from './locales/ra.es.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import { hasText, i18nProvider, messages } from './i18nProvider.ts';

type Texts = { [key: string]: string | Texts };
const flat = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flat(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('back office texts', () => {
  it("has every react-admin text in German and Spanish, with the English one's placeholders", () => {
    const english = flat(englishMessages as Texts);
    for (const [name, texts] of [
      ['de', raDe],
      ['es', raEs],
    ] as const) {
      const own = new Map(flat(texts as Texts));
      const missing = english.filter(([key]) => !own.has(key)).map(([key]) => key);
      expect(missing, `${name}: react-admin texts missing`).toEqual([]);
      for (const [key, text] of english)
        expect(placeholders(own.get(key)!), `${name} ${key}`).toEqual(placeholders(text));
    }
  });

  it('has each of its own texts in German, English and Spanish, with the same placeholders', () => {
    const german = flat(de as Texts);
    for (const [name, texts] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const own = new Map(flat(texts as Texts));
      expect(
        german.filter(([key]) => !own.has(key)).map(([key]) => key),
        `${name}: missing`,
      ).toEqual([]);
      expect(
        [...own.keys()].filter((key) => !german.some(([k]) => k === key)),
        `${name}: not in German`,
      ).toEqual([]);
      for (const [key, text] of german)
        expect(placeholders(own.get(key)!), `${name} ${key}`).toEqual(placeholders(text));
    }
  });

  it('offers German first, then English and Spanish', () => {
    expect(i18nProvider.getLocale()).toBe('de');
    expect(i18nProvider.getLocales?.().map(({ locale }) => locale)).toEqual(['de', 'en', 'es']);
    expect(i18nProvider.translate('ra.action.save')).toBe('Speichern');
    expect(messages.es.ra).toBeDefined();
  });

  it('knows which keys have a text', () => {
    expect(hasText('bo.error.INVALID_CREDENTIALS')).toBe(true);
    expect(hasText('bo.error.NO_SUCH_CODE')).toBe(false);
    expect(hasText('bo.error')).toBe(false);
  });
});
