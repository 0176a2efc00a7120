import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { i18n, useCartStore } from '@shop/shared';
import { courseFixture } from '@shop/shared/testing';
import { startShellI18n } from '../../i18n/testing.ts';
import { Header } from './Header.tsx';

beforeAll(startShellI18n);
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
    act(() =>
      useCartStore.getState().addItem({
        itemType: 'course',
        quantity: 2,
        courseId: course.id,
        courseType: course.type,
        courseDetails: course,
      }),
    );
    expect(live.textContent).toBe('Warenkorb aktualisiert: 2 Artikel');
    expect(screen.getByRole('link', { name: 'Warenkorb, 2 Artikel' })).toBeTruthy();
  });

  it('closes the phone menu on Escape from within it and gives the focus back to its button', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    // happy-dom's window is 1024 px wide, where the wide layout's rule hides the button (and with it its name).
    const menu = screen.getByText('Menü').closest('button')!;
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByRole('link', { name: 'Konversation' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('closes the phone menu when the focus leaves it (its list lies over the page, hiding what gets the focus)', () => {
    render(
      <MemoryRouter>
        <Header />
        <main>
          <a href="/impressum">Erster Link der Seite</a>
        </main>
      </MemoryRouter>,
    );
    const menu = screen.getByText('Menü').closest('button')!;
    menu.focus();
    fireEvent.click(menu);
    const links = screen.getAllByRole('link').filter((link) => link.closest('.shell-offers'));
    const last = links.at(-1)!;
    // Moving within the menu keeps it open.
    fireEvent.blur(menu, { relatedTarget: last });
    last.focus();
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    // Tab from its last link to the page: the list would cover the link that now has the focus.
    const next = screen.getByRole('link', { name: 'Erster Link der Seite' });
    fireEvent.blur(last, { relatedTarget: next });
    next.focus();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves no announcement in the language left behind when the visitor switches', async () => {
    useCartStore.getState().clear();
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const live = screen.getByTestId('cart-announcement');
    const course = courseFixture();
    act(() =>
      useCartStore.getState().addItem({
        itemType: 'course',
        quantity: 1,
        courseId: course.id,
        courseType: course.type,
        courseDetails: course,
      }),
    );
    expect(live.textContent).toBe('Warenkorb aktualisiert: 1 Artikel');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    // The region is read as part of the page (and is marked as it): a German sentence on an English page is wrong,
    // and re-saying it in English would announce a change that did not happen.
    expect(live.textContent).not.toContain('Warenkorb');
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    await screen.findByRole('link', { name: 'Warenkorb, 1 Artikel' });
    expect(live.textContent).toBe('');
    act(() => useCartStore.getState().clear());
    await vi.waitFor(() => expect(live.textContent).toBe('Warenkorb aktualisiert: 0 Artikel'));
  });
});
