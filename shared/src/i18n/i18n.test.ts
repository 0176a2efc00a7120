import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations } from './index.ts';

describe('i18n', () => {
  it('merges bundled area texts with server texts; server texts win, bundle is the fallback', async () => {
    localStorage.setItem('language', 'de');
    registerTranslations({ de: { area: { a: 'Bündel A', b: 'Bündel B' } }, en: { area: { a: 'Bundle A' } }, es: { area: { a: 'Paquete A' } } });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ result: [{ slug: 'area.b', language: 'de', value: 'Server B' }] }), { status: 200 }),
    );
    await initI18n();
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('area.a')).toBe('Bündel A');
    expect(i18n.t('area.b')).toBe('Server B');
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(document.documentElement.lang).toBe('de');

    // An area that loads later must not overwrite what the server said.
    registerTranslations({ de: { area: { b: 'Spät B', c: 'Spät C' } }, en: {}, es: {} });
    expect(i18n.t('area.b')).toBe('Server B');
    expect(i18n.t('area.c')).toBe('Spät C');

    await i18n.changeLanguage('es');
    expect(i18n.t('area.a')).toBe('Paquete A');
    expect(i18n.t('area.c')).toBe('Spät C');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
  });
});

describe('language detection', () => {
  it('uses the browser language when nothing is stored, limited to de/en/es', async () => {
    // The instance is already running; detect again as on a fresh page.
    localStorage.removeItem('language');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'de']);
    await i18n.changeLanguage();
    expect(i18n.resolvedLanguage).toBe('en');
    localStorage.setItem('language', '<script>alert(1)</script>');
    await i18n.changeLanguage();
    expect(i18n.resolvedLanguage).not.toContain('<');
    expect(['de', 'en', 'es']).toContain(i18n.resolvedLanguage);
  });
});
