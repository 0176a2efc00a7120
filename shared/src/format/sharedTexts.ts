import type { Language } from '../contract/common.ts';
import de from '../i18n/locales/de.json' with { type: 'json' };
import en from '../i18n/locales/en.json' with { type: 'json' };
import es from '../i18n/locales/es.json' with { type: 'json' };

const texts: Record<Language, Record<string, unknown>> = { de, en, es };

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The shared texts (`common.*`) without i18next, for code that renders outside the browser (the API's mails), so
 * that shared formatters such as `formatCourseDates` say the same there as on the screens: `{{name}}` values are
 * filled in, and a `count` picks the `_one`/`_other` form by the language's plural rules, as i18next does.
 */
export function sharedTranslator(language: Language) {
  const plural = new Intl.PluralRules(language);
  return (key: string, options: Record<string, string | number> = {}): string => {
    const form = typeof options.count === 'number' ? `${key}_${plural.select(options.count)}` : key;
    const template =
      lookup(texts[language], form) ??
      lookup(texts[language], `${key}_other`) ??
      lookup(texts[language], key) ??
      lookup(texts.de, key) ??
      key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}
