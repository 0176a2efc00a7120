import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { consentStorageKey, useConsentStore } from '@shop/shared';
import { startShellI18n } from '../../i18n/testing.ts';
import { Footer } from '../footer/Footer.tsx';
import { ConsentBanner } from './ConsentBanner.tsx';

beforeAll(startShellI18n);
beforeEach(() => {
  localStorage.clear();
  useConsentStore.setState({ choice: null, reopened: false });
});
afterEach(cleanup);

const renderAt = (path = '/courses') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsentBanner />
      <Footer consentConfigurable />
    </MemoryRouter>,
  );

describe('ConsentBanner', () => {
  it('offers accept all and reject all as equal buttons on its first layer, and settings per purpose', () => {
    renderAt();
    const banner = screen.getByRole('region', { name: 'Ihre Privatsphäre' });
    const accept = screen.getByRole('button', { name: 'Alle akzeptieren' });
    const reject = screen.getByRole('button', { name: 'Alle ablehnen' });
    expect(banner.contains(accept) && banner.contains(reject)).toBe(true);
    expect(accept.className).toBe(reject.className);
    expect(screen.queryByRole('checkbox', { name: 'Statistik' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }));
    expect(screen.getByRole('button', { name: 'Einstellungen' }).getAttribute('aria-expanded')).toBe('true');
    const statistics = screen.getByRole('checkbox', { name: 'Statistik' });
    expect((statistics as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(statistics);
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));

    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(consentStorageKey)!)).toMatchObject({ analytics: true, marketing: false });
  });

  it('stores "reject all" and stays closed; the footer link reopens it with the stored choice', async () => {
    renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Alle ablehnen' }));
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(consentStorageKey)!)).toMatchObject({ analytics: false, marketing: false });

    const footerLink = screen.getByRole('button', { name: 'Cookie-Einstellungen' });
    await act(async () => fireEvent.click(footerLink));
    expect(screen.getByRole('region', { name: 'Ihre Privatsphäre' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ihre Privatsphäre' }));
    expect((screen.getByRole('checkbox', { name: 'Statistik' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    expect(JSON.parse(localStorage.getItem(consentStorageKey)!)).toMatchObject({ analytics: true, marketing: true });
    expect(document.activeElement).toBe(footerLink);
  });

  it('is not shown on the embed listing', () => {
    renderAt('/products-iframe');
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
  });

  it('gives the focus back to where the visitor came from when a first-layer choice closes it', () => {
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <a href="#main">Zum Inhalt springen</a>
        <ConsentBanner />
        <main id="main" tabIndex={-1}>
          <h1>Gruppenkurse</h1>
        </main>
      </MemoryRouter>,
    );
    const skipLink = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    skipLink.focus();
    // Tab from the skip link into the banner, then choose: the banner goes, with the focus in it.
    const reject = screen.getByRole('button', { name: 'Alle ablehnen' });
    reject.focus();
    fireEvent.click(reject);
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(document.activeElement).toBe(skipLink);
  });

  it('does not send the focus back to where it came from an earlier time (a click on the banner from nowhere)', () => {
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <a href="#main">Zum Inhalt springen</a>
        <ConsentBanner />
        <main id="main" tabIndex={-1}>
          <h1>Gruppenkurse</h1>
        </main>
      </MemoryRouter>,
    );
    screen.getByRole('link', { name: 'Zum Inhalt springen' }).focus();
    const reject = screen.getByRole('button', { name: 'Alle ablehnen' });
    reject.focus();
    reject.blur();
    // Later a click with nothing focused: the skip link (shown while focused) must not pop up at the top.
    const accept = screen.getByRole('button', { name: 'Alle akzeptieren' });
    accept.focus();
    fireEvent.click(accept);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('puts the focus on the page when nothing outside had it before the choice', () => {
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <ConsentBanner />
        <main id="main" tabIndex={-1}>
          <h1>Gruppenkurse</h1>
        </main>
      </MemoryRouter>,
    );
    const accept = screen.getByRole('button', { name: 'Alle akzeptieren' });
    accept.focus();
    fireEvent.click(accept);
    expect(screen.queryByRole('region', { name: 'Ihre Privatsphäre' })).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});
