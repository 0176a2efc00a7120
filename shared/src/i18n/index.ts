import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchLanguageTexts } from '../api/translation.ts';
import { defaultLanguage, languages, type Language } from '../contract/common.ts';
import { flattenTexts } from '../contract/translation.ts';
import { offeredLanguage, ShopLanguageDetector } from './detection.ts';
import { languageStorageKey } from './pickLanguage.js';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

type Texts = Record<string, unknown>;
/** Loads one language's texts on demand: `() => import('./en.json')` becomes a chunk of its own. */
export type TextsLoader = () => Promise<{ default: Texts } | Texts>;

/**
 * Texts of one area per offered language; German is the source and the fallback, so areas bundle it and load
 * the others only when shown (docs/decisions/0013-share-strategy.md): a visitor downloads one or two
 * languages, never all three. Plain objects (tests, tiny bundles) are added at once.
 */
export type AreaTranslations = Record<Language, Texts | TextsLoader>;

/** localStorage key of the chosen language (docs/product-rules.md#overview: stored locally). */
export { languageStorageKey, offeredLanguage };

/** The one i18next instance of the composed page (shared as a singleton with @shop/shared). */
export const i18n = i18next;

const sharedTexts: AreaTranslations = { de, en, es };
const pendingBundles: AreaTranslations[] = [sharedTexts];
const registeredBundles: AreaTranslations[] = [];
/** Languages whose loaders already ran, per bundle (a loader runs at most once per language). */
const loadedLanguages = new WeakMap<AreaTranslations, Map<Language, Promise<void>>>();
let ready: Promise<void> | null = null;

function addTexts(language: Language, texts: Texts): void {
  // deep merge, never overwrite: server texts that arrived first must win over bundled ones.
  i18next.addResourceBundle(language, 'translation', texts, true, false);
}

/** Adds the bundle's texts of `language`, loading them first when they are a loader. */
function loadBundleLanguage(bundle: AreaTranslations, language: Language): Promise<void> {
  let byLanguage = loadedLanguages.get(bundle);
  if (!byLanguage) loadedLanguages.set(bundle, (byLanguage = new Map()));
  let loading = byLanguage.get(language);
  if (!loading) {
    const value = bundle[language];
    if (typeof value !== 'function') {
      addTexts(language, value);
      loading = Promise.resolve();
    } else {
      const load = value;
      loading = serverTextsCover(bundle, language).then((covered) =>
        covered
          ? undefined
          : load().then(
              (module) => addTexts(language, ('default' in module ? module.default : module) as Texts),
              (error: unknown) => {
                // A failed chunk is retried on the next switch; the German fallback shows meanwhile.
                byLanguage.delete(language);
                console.warn(`Texts for ${language} unavailable`, error);
              },
            ),
      );
    }
    byLanguage.set(language, loading);
  }
  return loading;
}

/**
 * Whether the server's texts of `language`, put on screen, hold every text of the bundle: then the bundle's own
 * chunk of that language is not loaded at all. The server's texts are asked with the page, so for a visitor in
 * English or Spanish this saves a request that could only start once the area's code had run, a serial round
 * trip before the first paint (docs/performance.md#the-first-screens-path). German is always
 * bundled; without the server's texts (none asked, failed, late, or an area newer than the API) the chunk loads.
 * It only waits for the texts the start or a switch is applying: it never asks the server itself, nor puts texts
 * on a language already on screen.
 */
async function serverTextsCover(bundle: AreaTranslations, language: Language): Promise<boolean> {
  const german = bundle[defaultLanguage];
  const applying = serverTextsApplying.get(language);
  if (language === defaultLanguage || typeof german === 'function' || !applying) return false;
  await applying;
  const texts = appliedServerTexts.get(language);
  return texts !== undefined && flattenTexts(german).every(([key]) => Object.hasOwn(texts, key));
}

function addBundle(bundle: AreaTranslations): Promise<void> {
  registeredBundles.push(bundle);
  // Plain objects go in for every language at once; loaders only for German and the shown language.
  for (const language of languages) {
    if (typeof bundle[language] !== 'function') void loadBundleLanguage(bundle, language);
  }
  return Promise.all([loadBundleLanguage(bundle, defaultLanguage), loadBundleLanguage(bundle, shownLanguage())]).then(
    () => undefined,
  );
}

/**
 * The language on screen or about to be. `i18next.language` holds it from detection or a switch on;
 * `resolvedLanguage` only once texts of it are in, so an area that registers while the start is still adding the
 * first texts would otherwise get German only.
 */
function shownLanguage(): Language {
  return offeredLanguage(i18next.language) ?? currentLanguage();
}

/** Loads every registered area's texts of `language` and its server texts (before showing it); resolves when they are in. */
export function loadLanguage(language: Language): Promise<void> {
  // The server's texts first: the bundles wait for them to decide whether they need their chunks.
  const serverTexts = applyServerTexts(language);
  return Promise.all([serverTexts, loadBundles(language)]).then(() => undefined);
}

function loadBundles(language: Language): Promise<void> {
  return Promise.all(registeredBundles.map((bundle) => loadBundleLanguage(bundle, language))).then(() => undefined);
}

/**
 * Adds an area's bundled texts. Areas call it when their routes load, which may be before or after the
 * shell started i18n; both orders end with the same texts. The promise resolves once the shown language's
 * texts are in, so an area can wait for them before its first render.
 */
export function registerTranslations(bundle: AreaTranslations): Promise<void> {
  if (i18next.isInitialized) return addBundle(bundle);
  pendingBundles.push(bundle);
  return ready ?? Promise.resolve();
}

/**
 * How long a screen waits for the server's texts of its language before it shows the bundled ones
 * (docs/decisions/0033-texts-from-the-server.md). The request starts with i18n, beside the area's code, so it
 * normally arrives before that code and adds no wait at all.
 */
export const serverTextsBudgetMs = 1500;

/** Which server texts a page asks for: all areas' (the shell), those of the bundles registered at start (a page of one area), or none. */
export type ServerTexts = 'all' | 'registered' | false;
let serverScope: ServerTexts = 'all';
/** The server's texts per language, asked once; null when the API did not answer (retried on the next switch). */
const serverTextRequests = new Map<Language, Promise<Texts | null>>();
/** The server's texts put on screen, per language (applied at most once each). */
const appliedServerTexts = new Map<Language, Texts>();
/** The last application of the server's texts the start or a switch began, per language (serverTextsCover). */
const serverTextsApplying = new Map<Language, Promise<void>>();

const namespacesOf = (bundles: AreaTranslations[]) => [
  ...new Set(
    bundles.flatMap((bundle) =>
      Object.values(bundle).flatMap((texts) => (typeof texts === 'function' ? [] : Object.keys(texts))),
    ),
  ),
];

function requestServerTexts(language: Language): Promise<Texts | null> {
  let request = serverTextRequests.get(language);
  if (!request) {
    const namespaces =
      serverScope === 'registered' ? namespacesOf([...pendingBundles, ...registeredBundles]) : undefined;
    request = fetchLanguageTexts(language, namespaces).catch((error: unknown) => {
      serverTextRequests.delete(language);
      console.warn('Server translations unavailable; using bundled texts', error);
      return null;
    });
    serverTextRequests.set(language, request);
  }
  return request;
}

/** `promise`'s value, or null once the budget is spent (the request itself goes on and fills the HTTP cache). */
function withinBudget<T>(promise: Promise<T | null>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const spent = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), serverTextsBudgetMs)));
  return Promise.race([promise, spent]).finally(() => clearTimeout(timer));
}

/**
 * Puts the server's texts of `language` over the bundled ones, before the language is shown. Texts that arrive
 * after the budget are not applied to a language already on screen (that would change text under the
 * visitor's eyes); they wait in the HTTP cache for the next page load.
 */
function applyServerTexts(language: Language): Promise<void> {
  const applying = putServerTexts(language);
  serverTextsApplying.set(language, applying);
  return applying;
}

async function putServerTexts(language: Language): Promise<void> {
  if (serverScope === false || appliedServerTexts.has(language)) return;
  const texts = await withinBudget(requestServerTexts(language));
  if (!texts || appliedServerTexts.has(language)) return;
  appliedServerTexts.set(language, texts);
  // One silent batch: i18next overwrites the bundled values; bundles added later never overwrite (addTexts).
  i18next.addResources(language, 'translation', texts);
}

/**
 * Starts i18n once per page (idempotent): language detection in the order of docs/product-rules.md#overview — stored preference,
 * browser language, the page's language tag — where a value that is not a plain tag of de/en/es (injected
 * markup included) is skipped (detection.ts), German otherwise. Keeps `<html lang>` in step with the language.
 */
export function initI18n(options: { serverTexts?: ServerTexts; syncHtmlLang?: boolean } = {}): Promise<void> {
  if (ready) return ready;
  serverScope = options.serverTexts ?? 'all';
  ready = i18next
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
      // Add German and the detected language, then resolve again: i18next resolved the language against the
      // texts present at init, and there were none yet.
      const detected = offeredLanguage(i18next.language) ?? defaultLanguage;
      // The server's texts first: the bundles wait for them to decide whether they need their chunks.
      const detectedServerTexts = detected === initialLanguage ? serverTexts : applyServerTexts(detected);
      await Promise.all([
        detectedServerTexts,
        ...pendingBundles.splice(0).map((bundle) => addBundle(bundle)),
        loadBundles(detected),
      ]);
      await i18next.changeLanguage(i18next.language);
      // A switch shows German (always present) for the moment the new language's texts take to arrive;
      // 'added' then renders them (react.bindI18nStore).
      i18next.on('languageChanged', (language) => {
        const offered = offeredLanguage(language);
        if (offered) void loadLanguage(offered).then(() => i18next.emit('added', offered, 'translation'));
      });
      const syncHtmlLang = (language: string) => {
        // An embed on a partner's page must leave that page's <html lang> alone.
        if (typeof document !== 'undefined' && options.syncHtmlLang !== false) document.documentElement.lang = language;
      };
      syncHtmlLang(i18next.resolvedLanguage ?? defaultLanguage);
      i18next.on('languageChanged', () => syncHtmlLang(i18next.resolvedLanguage ?? defaultLanguage));
    });
  // With resources given, i18next detected the language synchronously inside init(): the server's texts of it
  // are asked now, in parallel with the bundles and the area's code (docs/decisions/0013-share-strategy.md).
  const initialLanguage = offeredLanguage(i18next.language) ?? defaultLanguage;
  const serverTexts = applyServerTexts(initialLanguage);
  return ready;
}

/** The current language as one of the offered ones (for API calls with a `locale`). */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage;
  return (languages as readonly string[]).includes(language ?? '') ? (language as Language) : defaultLanguage;
}
