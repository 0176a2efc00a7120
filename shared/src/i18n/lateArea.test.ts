import { expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations } from './index.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

// A file of its own: it needs a fresh, not yet started i18n instance.
it('an area that registers while i18n is still starting gets its texts of the detected language', async () => {
  localStorage.setItem('language', 'es');
  // The API is down, so the start waits for nothing but the bundles.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('connection refused'));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The shell's own Spanish texts take a moment; the area's code arrives meanwhile (as with preloaded areas).
  registerTranslations({ de: {}, en: {}, es: () => later(50, { default: { shell: { title: 'Tienda' } } }) });
  const es = vi.fn(async () => ({ default: { area: { title: 'Cursos en grupo' } } }));
  let registered: Promise<void> | undefined;
  i18n.on('initialized', () => {
    setTimeout(() => (registered = registerTranslations({ de: { area: { title: 'Gruppenkurse' } }, en: {}, es })), 10);
  });
  await initI18n();
  await registered;
  expect(es).toHaveBeenCalledTimes(1);
  expect(i18n.resolvedLanguage).toBe('es');
  expect(i18n.t('area.title')).toBe('Cursos en grupo');
});
