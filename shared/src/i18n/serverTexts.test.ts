import { afterEach, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations, serverTextsBudgetMs } from './index.ts';

/** A fresh i18n per file: a page of one area asks only for its namespaces and never waits past the budget. */

afterEach(() => vi.useRealTimers());

it('asks for the registered namespaces, shows bundled texts once the budget is spent, and never swaps them later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.setItem('language', 'en');
  registerTranslations({
    de: { zone: { a: 'Bündel' } },
    en: { zone: { a: 'Bundle' } },
    es: { zone: { a: 'Paquete' } },
  });
  let answer: (response: Response) => void = () => {};
  let spanishAsked = 0;
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    if (String(url).startsWith('/api/translation/en')) return new Promise<Response>((resolve) => (answer = resolve));
    if (String(url).startsWith('/api/translation/es') && spanishAsked++ === 0) throw new TypeError('offline');
    return Response.json({ result: { 'zone.a': String(url).includes('/es') ? 'Servidor' : 'Server DE' } });
  });

  let ready = false;
  const started = initI18n({ serverTexts: 'registered' }).then(() => (ready = true));
  expect(fetch.mock.calls[0]![0]).toBe('/api/translation/en?ns=common%2Czone');
  await vi.advanceTimersByTimeAsync(serverTextsBudgetMs - 1);
  expect(ready).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await started;
  expect(i18n.t('zone.a')).toBe('Bundle');

  // The answer that comes late is not put on screen under the visitor's eyes.
  answer(Response.json({ result: { 'zone.a': 'Server' } }));
  await vi.advanceTimersByTimeAsync(0);
  expect(i18n.t('zone.a')).toBe('Bundle');

  // A failed request leaves the bundled texts and is asked again on the next switch.
  await i18n.changeLanguage('es');
  await vi.advanceTimersByTimeAsync(0);
  expect(i18n.t('zone.a')).toBe('Paquete');
  await i18n.changeLanguage('de');
  await i18n.changeLanguage('es');
  await vi.waitFor(() => expect(i18n.t('zone.a')).toBe('Servidor'));
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([
    '/api/translation/en?ns=common%2Czone',
    '/api/translation/es?ns=common%2Czone',
    '/api/translation/de?ns=common%2Czone',
    '/api/translation/es?ns=common%2Czone',
  ]);
});
