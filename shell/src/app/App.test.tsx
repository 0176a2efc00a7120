import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { adoptTokenFromUrl, captureFrameFlags, useAuthStore, useConsentStore } from '@shop/shared';
import { customerFixture } from '@shop/shared/testing';
import { resetAnalyticsConfigForTest } from '../features/analytics/analyticsConfig.ts';
import { startShellI18n } from '../i18n/testing.ts';
import { Frame } from './App.tsx';

beforeAll(async () => {
  await startShellI18n();
  // The host page framed the shop without its footer (a top-level visit here; the flags hold for the visit).
  captureFrameFlags('?hideFooter=true', false);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetAnalyticsConfigForTest();
});

describe('Frame without the footer', () => {
  it('keeps the consent settings reachable, as it keeps the withdrawal control', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('analytics.json')
        ? Response.json({ gtmContainerId: 'GTM-TEST123' })
        : Promise.reject(new Error('offline')),
    );
    useConsentStore.setState({
      choice: { analytics: true, marketing: true, version: 1, decidedAt: '2026-01-01T00:00:00Z' },
      reopened: false,
    });
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/']}>
          <Frame />
        </MemoryRouter>,
      );
    });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Vertrag widerrufen' })).toBeTruthy();

    // Consent given once must be as easy to withdraw (GDPR Art. 7(3)): the settings open without the footer too.
    const settings = await screen.findByRole('button', { name: 'Cookie-Einstellungen' });
    await act(async () => fireEvent.click(settings));
    expect(screen.getByRole('region', { name: 'Ihre Privatsphäre' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alle ablehnen' }));
    expect(useConsentStore.getState().choice).toMatchObject({ analytics: false, marketing: false });
    expect(document.activeElement).toBe(settings);
  });
});

describe('Frame after a customerToken link', () => {
  it("names the account the link logged in, at the top of the page's content (record 0077)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/customer/me'
        ? Response.json({ result: customerFixture({ email: 'mallory@example.org' }) })
        : Promise.reject(new Error('offline')),
    );
    useAuthStore.getState().logOut();
    adoptTokenFromUrl({ href: 'http://shop.test/?customerToken=linked' }, window.history);
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/']}>
          <Frame />
        </MemoryRouter>,
      );
    });
    const notice = await screen.findByTestId('link-login-notice');
    expect(notice.textContent).toContain('Sie sind jetzt als mallory@example.org angemeldet. Nicht Sie?');
    expect(screen.getByRole('main').firstElementChild?.contains(notice)).toBe(true);
    useAuthStore.getState().logOut();
  });
});
