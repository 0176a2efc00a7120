import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import { consentStorageKey, useConsentStore } from '@shop/shared';
import { analyticsConfigSchema, loadAnalyticsConfig, resetAnalyticsConfigForTest } from './analyticsConfig.ts';
import { resetTagManagerForTest } from './tagManager.ts';
import { useTagManager } from './useTagManager.ts';

const host = globalThis as { dataLayer?: unknown[] };
const gtmScripts = () =>
  [...document.querySelectorAll('script[src^="https://www.googletagmanager.com/"]')].map(
    (s) => (s as HTMLScriptElement).src,
  );

function Probe({ id, reloadPage }: { id: string | null; reloadPage?: () => void }) {
  useTagManager(id, reloadPage ? { reloadPage } : {});
  return null;
}
const renderAt = (path: string, id: string | null = 'GTM-TEST123', reloadPage?: () => void) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Probe id={id} reloadPage={reloadPage} />
      <main id="main">
        <label>
          Vorname <input />
        </label>
        <Link to="/cart">Warenkorb</Link>
      </main>
    </MemoryRouter>,
  );

beforeEach(() => {
  delete host.dataLayer;
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  resetTagManagerForTest();
  useConsentStore.setState({ choice: null, reopened: false });
});
afterEach(cleanup);

const decided = (analytics: boolean, marketing: boolean) => ({
  analytics,
  marketing,
  version: 1,
  decidedAt: '2026-01-01T00:00:00Z',
});

describe('useTagManager', () => {
  it('loads nothing before consent, but puts the Consent Mode defaults (denied) in the dataLayer', () => {
    renderAt('/courses');
    expect(gtmScripts()).toEqual([]);
    expect(Array.from(host.dataLayer![0] as ArrayLike<unknown>).slice(0, 2)).toEqual(['consent', 'default']);
  });

  it('loads the container once after consent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // happy-dom refuses to run the script and says so
    renderAt('/courses');
    useConsentStore.getState().decide({ analytics: true, marketing: true });
    await waitFor(() => expect(gtmScripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']));
    expect(host.dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  it('loads nothing after "reject all", on /products-iframe, or without a configured container', () => {
    useConsentStore.setState({ choice: decided(false, false) });
    renderAt('/courses');
    cleanup();
    useConsentStore.setState({ choice: decided(true, true) });
    renderAt('/products-iframe');
    cleanup();
    renderAt('/courses', null);
    expect(gtmScripts()).toEqual([]);
    expect(host.dataLayer).toBeUndefined();
  });
});

describe('withdrawing consent', () => {
  const cookieNames = () =>
    document.cookie
      .split(';')
      .map((pair) => pair.split('=')[0]!.trim())
      .filter(Boolean)
      .sort();
  const lastConsentCall = () =>
    Array.from(
      (host.dataLayer ?? [])
        .filter((entry) => (entry as ArrayLike<unknown>)[0] === 'consent')
        .at(-1) as ArrayLike<unknown>,
    );
  /** The tag manager has run in this page with consent to both purposes and set its cookies. */
  async function trackedPage(reloadPage: () => void, path = '/courses') {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // happy-dom refuses to run the script and says so
    useConsentStore.setState({ choice: decided(true, true) });
    renderAt(path, 'GTM-TEST123', reloadPage);
    await waitFor(() => expect(gtmScripts()).toHaveLength(1));
    for (const cookie of ['_ga=GA1.1.1', '_ga_AB12CD34=GS1.1.1', '_gid=GA1.1.2', '_gcl_au=1.1.3', 'keep=1'])
      document.cookie = `${cookie}; Path=/`;
  }
  const decide = (analytics: boolean, marketing: boolean) =>
    act(() => useConsentStore.getState().decide({ analytics, marketing }));

  it("tells the tag manager (Consent Mode denied), deletes the shop's cookies and reloads the page, so no tag runs on", async () => {
    const reloadPage = vi.fn();
    await trackedPage(reloadPage);
    decide(false, false);
    expect(lastConsentCall()).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    expect(cookieNames()).toEqual(['keep']);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('takes back one purpose only: its cookies go, the others stay, and the page reloads without it', async () => {
    const reloadPage = vi.fn();
    await trackedPage(reloadPage);
    decide(true, false);
    expect(cookieNames()).toEqual(['_ga', '_ga_AB12CD34', '_gid', 'keep']);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('reloads nothing where the tag manager never ran: the first "reject all", a choice that grants more', async () => {
    const reloadPage = vi.fn();
    renderAt('/courses', 'GTM-TEST123', reloadPage);
    decide(false, false);
    decide(true, false);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('puts the reload off to the next page when the visitor has typed into this one, and then reloads', async () => {
    const reloadPage = vi.fn();
    await trackedPage(reloadPage, '/checkout');
    fireEvent.input(screen.getByRole('textbox', { name: 'Vorname' }), { target: { value: 'Ana' } });
    decide(false, false);
    // Consent Mode and the cookies at once; the container's code goes with the next page load.
    expect(lastConsentCall()[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(cookieNames()).toEqual(['keep']);
    expect(reloadPage).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Warenkorb' })));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('follows a withdrawal made in another tab of the shop', async () => {
    const reloadPage = vi.fn();
    await trackedPage(reloadPage);
    const withdrawn = JSON.stringify({ ...decided(false, false), decidedAt: '2026-11-28T10:00:00.000Z' });
    localStorage.setItem(consentStorageKey, withdrawn);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: consentStorageKey, newValue: withdrawn })));
    expect(lastConsentCall()[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(cookieNames()).toEqual(['keep']);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('page views', () => {
  const pageViews = () =>
    (host.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'shop_page_view');

  it("tell the container each page without the buyer's address or a link's token and address", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // happy-dom refuses to run the script and says so
    useConsentStore.setState({ choice: decided(true, false) });
    renderAt('/checkout-complete/100023/ana%40example.org');
    cleanup();
    renderAt('/password-new?token=abc123&email=ana%40example.org');
    cleanup();
    renderAt('/courses?courseType=3&customerToken=abc');
    expect(pageViews()).toEqual([
      {
        event: 'shop_page_view',
        page_path: '/checkout-complete/100023/:email',
        page_location: `${window.location.origin}/checkout-complete/100023/:email`,
      },
      { event: 'shop_page_view', page_path: '/password-new', page_location: `${window.location.origin}/password-new` },
      {
        event: 'shop_page_view',
        page_path: '/courses?courseType=3',
        page_location: `${window.location.origin}/courses?courseType=3`,
      },
    ]);
    expect(JSON.stringify(host.dataLayer)).not.toMatch(/ana|abc/);
  });

  it('are not told before consent, after "reject all", without a container, nor on /products-iframe', () => {
    renderAt('/courses');
    cleanup();
    useConsentStore.setState({ choice: decided(false, false) });
    renderAt('/courses');
    cleanup();
    useConsentStore.setState({ choice: decided(true, true) });
    renderAt('/courses', null);
    cleanup();
    renderAt('/products-iframe');
    expect(pageViews()).toEqual([]);
  });
});

describe('analytics.json', () => {
  it('accepts a GTM container id or none, nothing else', () => {
    expect(analyticsConfigSchema.parse({ gtmContainerId: 'GTM-AB12CD' }).gtmContainerId).toBe('GTM-AB12CD');
    expect(analyticsConfigSchema.parse({}).gtmContainerId).toBeNull();
    expect(analyticsConfigSchema.safeParse({ gtmContainerId: 'GTM-1"><script>' }).success).toBe(false);
  });

  it('means no tag manager when it is missing or malformed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<!doctype html>', { status: 200 }));
    resetAnalyticsConfigForTest();
    expect(await loadAnalyticsConfig()).toEqual({ gtmContainerId: null });
  });
});
