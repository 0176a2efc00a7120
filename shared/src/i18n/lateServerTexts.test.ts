import { afterEach, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations, serverTextsBudgetMs } from './index.ts';

afterEach(() => vi.useRealTimers());

// A file of its own: it needs a fresh, not yet started i18n instance.
it('an area that registers after the server texts came late loads its own chunk, asks nothing, and swaps nothing', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.setItem('language', 'en');
  registerTranslations({ de: { zone: { a: 'Bündel' } }, en: { zone: { a: 'Bundle' } }, es: {} });
  let answer: (response: Response) => void = () => {};
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

  const started = initI18n();
  await vi.advanceTimersByTimeAsync(serverTextsBudgetMs);
  await started;
  expect(i18n.t('zone.a')).toBe('Bundle');
  // The server's English texts come after the budget, and would cover the late area.
  answer(Response.json({ result: { 'zone.a': 'Server', 'late.a': 'Late (server)' } }));
  await vi.advanceTimersByTimeAsync(0);

  const lateEnglish = vi.fn(async () => ({ default: { late: { a: 'Late' } } }));
  await registerTranslations({ de: { late: { a: 'Spät' } }, en: lateEnglish, es: {} });
  expect(lateEnglish).toHaveBeenCalledOnce();
  expect(i18n.t('late.a')).toBe('Late');
  expect(i18n.t('zone.a')).toBe('Bundle');
  expect(fetch).toHaveBeenCalledOnce();
});
