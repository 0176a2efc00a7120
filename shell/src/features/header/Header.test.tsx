import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n, registerTranslations, useCartStore } from '@shop/shared';
import { courseFixture } from '../../../../shared/src/test/catalogFixtures.ts';
import { shellTranslations } from '../../i18n/index.ts';
import { Header } from './Header.tsx';

beforeAll(async () => {
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  registerTranslations(shellTranslations);
  await initI18n();
  await i18n.changeLanguage('de');
});
afterEach(cleanup);

describe('Header', () => {
  it('announces the cart count politely when it changes, not when the page starts', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const live = screen.getByTestId('cart-announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    const course = courseFixture();
    act(() => useCartStore.getState().addItem({ itemType: 'course', quantity: 2, courseId: course.id, courseType: course.type, courseDetails: course }));
    expect(live.textContent).toBe('Warenkorb aktualisiert: 2 Artikel');
    expect(screen.getByRole('link', { name: 'Warenkorb, 2 Artikel' })).toBeTruthy();
  });
});
