import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { usePageHeading } from '@shop/shared';
import { startShellI18n } from '../../i18n/testing.ts';
import { Home } from './Home.tsx';

beforeAll(startShellI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The shell's frame as far as this needs it: the header's link, the page-heading hook, the routes in main. */
function Frame() {
  usePageHeading({ siteName: 'Sprachschule' });
  return (
    <>
      <Link to="/#packages">Pakete</Link>
      <main id="main">
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/courses" element={<h1>Gruppenkurse</h1>} />
        </Routes>
      </main>
    </>
  );
}

describe('Home', () => {
  it('shows the packages section when the header\u2019s "Pakete" is followed from another page', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    const scrolls: string[] = [];
    vi.stubGlobal('scrollTo', () => scrolls.push('top'));
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolls.push(`#${this.id}`);
    });
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <Frame />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Pakete' });
    link.focus();
    await act(async () => link.click());
    expect(scrolls.at(-1)).toBe('#packages');
    expect(scrolls).not.toContain('top');
    expect(document.activeElement).toBe(document.getElementById('packages'));
  });
});
