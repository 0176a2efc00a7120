import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchTranslations } from '../api/translation.ts';
import { defaultLanguage, languages, type Language } from '../contract/common.ts';
import { ShopLanguageDetector } from './detection.ts';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** Texts of one area in every offered language; German is the source. */
export type AreaTranslations = Record<Language, Record<string, unknown>>;

/** localStorage key of the chosen language (docs/product-rules.md#overview: stored locally). */
export const languageStorageKey = 'language';

/** The one i18next instance of the composed page (shared as a singleton with @shop/shared). */
export const i18n = i18next;

const sharedTexts: AreaTranslations = { de, en, es };
const pendingBundles: AreaTranslations[] = [sharedTexts];
let ready: Promise<void> | null = null;

function addBundle(bundle: AreaTranslations): void {
  for (const language of languages) {
    // deep merge, never overwrite: server texts that arrived first must win over bundled ones.
    i18next.addResourceBundle(language, 'translation', bundle[language], true, false);
  }
}

/**
 * Adds an area's bundled texts. Areas call it when their routes load, which may be before or after the
 * shell started i18n; both orders end with the same texts.
 */
export function registerTranslations(bundle: AreaTranslations): void {
  if (i18next.isInitialized) addBundle(bundle);
  else pendingBundles.push(bundle);
}

/** Server texts (GET /translation/all) override the bundled fallback; when the API is down the bundle stays. */
async function loadServerTranslations(): Promise<void> {
  try {
    for (const { slug, language, value } of await fetchTranslations()) {
      i18next.addResource(language, 'translation', slug, value, { silent: true });
    }
    // one change notification for the whole batch, so screens re-render once.
    i18next.emit('added', i18next.language, 'translation');
  } catch (error) {
    console.warn('Server translations unavailable; using bundled texts', error);
  }
}

/**
 * Starts i18n once per page (idempotent): language detection in the order of docs/product-rules.md#overview — stored preference,
 * browser language, the page's language tag — where a value that is not a plain tag of de/en/es (injected
 * markup included) is skipped (detection.ts), German otherwise. Keeps `<html lang>` in step with the language.
 */
export function initI18n(options: { serverTranslations?: boolean; syncHtmlLang?: boolean } = {}): Promise<void> {
  ready ??= i18next
    .use(ShopLanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18nStore: 'added' },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: languageStorageKey,
        caches: ['localStorage'],
      },
    })
    .then(async () => {
      for (const bundle of pendingBundles.splice(0)) addBundle(bundle);
      // i18next resolves the language against the texts present at init, and there were none yet:
      // resolve again now that the bundles are in, so resolvedLanguage names the detected language.
      await i18next.changeLanguage(i18next.language);
      const syncHtmlLang = (language: string) => {
        // An embed on a partner's page must leave that page's <html lang> alone.
        if (typeof document !== 'undefined' && options.syncHtmlLang !== false) document.documentElement.lang = language;
      };
      syncHtmlLang(i18next.resolvedLanguage ?? defaultLanguage);
      i18next.on('languageChanged', () => syncHtmlLang(i18next.resolvedLanguage ?? defaultLanguage));
      if (options.serverTranslations !== false) await loadServerTranslations();
    });
  return ready;
}

/** The current language as one of the offered ones (for API calls with a `locale`). */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return (languages as readonly string[]).includes(language ?? '') ? (language as Language) : defaultLanguage;
}

