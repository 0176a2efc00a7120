import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Link, MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { usePageHeading } from './usePageHeading.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page whose heading arrives late, as a lazily loaded remote's does. */
function LatePage() {
  const [shown, setShown] = useState(false);
  return shown ? <h1>Warenkorb</h1> : <button onClick={() => setShown(true)}>laden</button>;
}

/** /courses names its course type in the query (the header's "Konversation" is /courses?courseType=3). */
function CoursesPage() {
  const { search } = useLocation();
  return <h1>{search.includes('courseType=3') ? 'Konversationsstunden' : 'Gruppenkurse'}</h1>;
}

function Shop() {
  usePageHeading({ siteName: 'Sprachschule' });
  return (
    <>
      <header>
        <Link to="/courses">Kurse</Link>
        <Link to="/cart">Warenkorb öffnen</Link>
        <Link to="/courses?courseType=3">Konversation</Link>
        <Link to="/#packages">Pakete</Link>
        <Link to="/home#offer-packages">Paketangebot</Link>
      </header>
      <main id="main">
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route
            path="/home"
            element={
              <>
                <h1>Willkommen</h1>
                <ul>
                  <li id="offer-packages">Pakete, 12 Monate gültig</li>
                </ul>
              </>
            }
          />
          <Route path="/courses" element={<CoursesPage />} />
          <Route path="/cart" element={<LatePage />} />
          <Route path="/login" element={<h1>Anmelden</h1>} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </main>
    </>
  );
}

describe('usePageHeading', () => {
  it('names the document after the main heading, and leaves focus alone on the first page', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shop />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Start – Sprachschule');
    expect(document.activeElement).toBe(document.body);
  });

  it('treats a redirect on arrival as the first page: no focus moved, the title follows', () => {
    render(
      <MemoryRouter initialEntries={['/account-orders']}>
        <Shop />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(document.title).toBe('Anmelden – Sprachschule');
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new page’s heading after a navigation, also when the heading comes later', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shop />
      </MemoryRouter>,
    );
    await act(async () => screen.getByRole('link', { name: 'Kurse' }).click());
    const courses = screen.getByRole('heading', { name: 'Gruppenkurse' });
    expect(document.activeElement).toBe(courses);
    expect(courses.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Gruppenkurse – Sprachschule');

    await act(async () => screen.getByRole('link', { name: 'Warenkorb öffnen' }).click());
    expect(document.title).toBe('Sprachschule');
    await act(async () => screen.getByRole('button', { name: 'laden' }).click());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Warenkorb' }));
    expect(document.title).toBe('Warenkorb – Sprachschule');
  });

  it('does not pull focus away when the visitor acts before the heading arrives', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shop />
      </MemoryRouter>,
    );
    await act(async () => screen.getByRole('link', { name: 'Warenkorb öffnen' }).click());
    const button = screen.getByRole('button', { name: 'laden' });
    button.focus();
    await act(async () => {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      button.click();
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Warenkorb' }));
    expect(document.title).toBe('Warenkorb – Sprachschule');
  });

  it('moves focus to the heading after a navigation that changes only the query, another page for the visitor', async () => {
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Shop />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Konversation' });
    link.focus();
    await act(async () => link.click());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Konversationsstunden' }));
    expect(document.title).toBe('Konversationsstunden – Sprachschule');
  });

  it('leaves the focus alone for a hash that names no section of the page', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Shop />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Pakete' });
    link.focus();
    await act(async () => link.click());
    expect(document.activeElement).toBe(link);
  });

  it('goes to the section a link names (a hash) on another page: scrolled to it and focused, not the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Shop />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Paketangebot' });
    link.focus();
    await act(async () => link.click());
    const section = document.getElementById('offer-packages')!;
    expect(document.activeElement).toBe(section);
    expect(scrolledTo).toEqual([section]);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.title).toBe('Willkommen – Sprachschule');
    vi.unstubAllGlobals();
  });
});
