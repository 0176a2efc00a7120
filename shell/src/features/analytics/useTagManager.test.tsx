import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { useConsentStore } from '@shop/shared';
import { analyticsConfigSchema, loadAnalyticsConfig, resetAnalyticsConfigForTest } from './analyticsConfig.ts';
import { resetTagManagerForTest } from './tagManager.ts';
import { useTagManager } from './useTagManager.ts';

const host = globalThis as { dataLayer?: unknown[] };
const gtmScripts = () =>
  [...document.querySelectorAll('script[src^="https://www.googletagmanager.com/"]')].map(
    (s) => (s as HTMLScriptElement).src,
  );

function Probe({ id }: { id: string | null }) {
  useTagManager(id);
  return null;
}
const renderAt = (path: string, id: string | null = 'GTM-TEST123') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Probe id={id} />
    </MemoryRouter>,
  );

beforeEach(() => {
  delete host.dataLayer;
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
