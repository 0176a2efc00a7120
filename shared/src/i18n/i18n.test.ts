import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations } from './index.ts';

describe('i18n', () => {
  it('merges bundled area texts with server texts; server texts win, bundle is the fallback', async () => {
    localStorage.setItem('language', 'de');
    registerTranslations({
      de: { area: { a: 'Bündel A', b: 'Bündel B' } },
      en: { area: { a: 'Bundle A' } },
      es: { area: { a: 'Paquete A' } },
    });
    const serverTexts: Record<string, Record<string, string>> = {
      '/api/translation/de': { 'area.b': 'Server B' },
      '/api/translation/es': { 'area.c': 'Servidor C' },
    };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        Response.json({ result: serverTexts[String(url)] ?? {} }, { status: serverTexts[String(url)] ? 200 : 404 }),
      );
    const started = initI18n();
    // Asked at once, beside the area's code, not after the bundles: no serial request before the first paint.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/translation/de']);
    await started;
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('area.a')).toBe('Bündel A');
    expect(i18n.t('area.b')).toBe('Server B');
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(document.documentElement.lang).toBe('de');

    // An area that loads later must not overwrite what the server said.
    registerTranslations({ de: { area: { b: 'Spät B', c: 'Spät C' } }, en: {}, es: {} });
    expect(i18n.t('area.b')).toBe('Server B');
    expect(i18n.t('area.c')).toBe('Spät C');

    // A switch asks for the new language's server texts, once.
    await i18n.changeLanguage('es');
    expect(i18n.t('area.a')).toBe('Paquete A');
    await vi.waitFor(() => expect(i18n.t('area.c')).toBe('Servidor C'));
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    await i18n.changeLanguage('de');
    await i18n.changeLanguage('es');
    expect(fetch.mock.calls.filter(([url]) => url === '/api/translation/es')).toHaveLength(1);
  });

  it('loads a language given as a loader only when it is shown, once', async () => {
    await i18n.changeLanguage('de');
    const en = vi.fn(async () => ({ default: { lazy: { a: 'Lazy EN' } } }));
    const es = vi.fn(async () => ({ default: { lazy: { a: 'Lazy ES' } } }));
    await registerTranslations({ de: { lazy: { a: 'Lazy DE' } }, en, es });
    expect(i18n.t('lazy.a')).toBe('Lazy DE');
    expect(en).not.toHaveBeenCalled();
    expect(es).not.toHaveBeenCalled();

    await i18n.changeLanguage('en');
    await vi.waitFor(() => expect(i18n.t('lazy.a')).toBe('Lazy EN'));
    await i18n.changeLanguage('de');
    await i18n.changeLanguage('en');
    expect(en).toHaveBeenCalledTimes(1);
    expect(es).not.toHaveBeenCalled();
  });
});

describe('language detection (the running instance detects again, as on a fresh page)', () => {
  const detect = async ({ stored, browser, html }: { stored: string | null; browser: string[]; html: string }) => {
    if (stored === null) localStorage.removeItem('language');
    else localStorage.setItem('language', stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(browser[0] ?? '');
    document.documentElement.lang = html;
    await i18n.changeLanguage();
    return i18n.resolvedLanguage;
  };

  it('prefers the stored language, then the browser language, then the page tag, then German', async () => {
    expect(await detect({ stored: 'es', browser: ['en-US'], html: 'de' })).toBe('es');
    expect(await detect({ stored: null, browser: ['en-US', 'de'], html: 'es' })).toBe('en');
    expect(await detect({ stored: null, browser: ['fr-FR', 'it'], html: 'es' })).toBe('es');
    expect(await detect({ stored: null, browser: ['fr-FR'], html: 'fr' })).toBe('de');
  });

  it('ignores a stored value that looks like script injection or is not offered, and stores the detected one', async () => {
    expect(await detect({ stored: '<script>alert(1)</script>', browser: ['en-US'], html: 'de' })).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await detect({ stored: 'es" onmouseover="alert(1)', browser: ['fr'], html: 'de' })).toBe('de');
    expect(await detect({ stored: 'fr', browser: ['es-ES'], html: 'de' })).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
  });
});
