import { expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTranslations } from './index.ts';

// A file of its own: it needs a fresh, not yet started i18n instance.
it("loads an area's English chunk only when the server's English texts lack one of its texts", async () => {
  localStorage.setItem('language', 'en');
  // The server's English texts hold all of the first area's texts, and all but one of the second's.
  const server = { 'first.title': 'Courses (server)', 'first.more': 'More', 'second.title': 'Cart (server)' };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ result: server }));
  const firstEnglish = vi.fn(async () => ({ default: { first: { title: 'Courses', more: 'More' } } }));
  const secondEnglish = vi.fn(async () => ({ default: { second: { title: 'Cart', empty: 'Empty' } } }));
  registerTranslations({ de: { first: { title: 'Kurse', more: 'Mehr' } }, en: firstEnglish, es: {} });

  await initI18n();
  expect(firstEnglish).not.toHaveBeenCalled();
  expect(i18n.t('first.title')).toBe('Courses (server)');

  await registerTranslations({ de: { second: { title: 'Warenkorb', empty: 'Leer' } }, en: secondEnglish, es: {} });
  expect(secondEnglish).toHaveBeenCalledTimes(1);
  // The server's text still wins over the chunk's, and the chunk fills the text the server lacked.
  expect(i18n.t('second.title')).toBe('Cart (server)');
  expect(i18n.t('second.empty')).toBe('Empty');
});
