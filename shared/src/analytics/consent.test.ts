import { beforeEach, describe, expect, it, vi } from 'vitest';

const host = globalThis as { dataLayer?: unknown[] };

beforeEach(() => {
  localStorage.clear();
  delete host.dataLayer;
  vi.resetModules();
});

/** A fresh page: the module state (defaults pushed, store) starts over. */
const load = () => import('./consent.ts');
const consentCalls = () => (host.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe('consent', () => {
  it('starts with Consent Mode v2 defaults denied, and without a stored choice', async () => {
    const { pushConsentDefaults, useConsentStore, selectMayTrack } = await load();
    pushConsentDefaults();
    pushConsentDefaults();
    expect(consentCalls()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
          wait_for_update: 500,
        },
      ],
    ]);
    expect(useConsentStore.getState().choice).toBeNull();
    expect(selectMayTrack(useConsentStore.getState())).toBe(false);
  });

  it('stores a choice per purpose, updates Consent Mode, and applies the stored choice on the next page', async () => {
    const first = await load();
    first.pushConsentDefaults();
    first.useConsentStore.getState().decide({ analytics: true, marketing: false });
    expect(consentCalls().at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
    expect(first.selectMayTrack(first.useConsentStore.getState())).toBe(true);

    delete host.dataLayer;
    vi.resetModules();
    const next = await load();
    expect(next.useConsentStore.getState().choice).toMatchObject({
      analytics: true,
      marketing: false,
      version: next.consentVersion,
    });
    next.pushConsentDefaults();
    expect(consentCalls().map((call) => call[1])).toEqual(['default', 'update']);
  });

  it('counts "reject all" as a decision that allows no tracking', async () => {
    const { useConsentStore, selectMayTrack } = await load();
    useConsentStore.getState().decide({ analytics: false, marketing: false });
    expect(useConsentStore.getState().choice).not.toBeNull();
    expect(selectMayTrack(useConsentStore.getState())).toBe(false);
  });

  it('asks again when the stored choice is of another version or broken', async () => {
    const { consentStorageKey, readStoredConsent } = await load();
    localStorage.setItem(
      consentStorageKey,
      JSON.stringify({ analytics: true, marketing: true, version: 0, decidedAt: 'x' }),
    );
    expect(readStoredConsent()).toBeNull();
    localStorage.setItem(
      consentStorageKey,
      JSON.stringify({ analytics: 'yes', marketing: true, version: 1, decidedAt: 'x' }),
    );
    expect(readStoredConsent()).toBeNull();
    localStorage.setItem(consentStorageKey, '{');
    expect(readStoredConsent()).toBeNull();
  });
});

describe('consent across tabs', () => {
  const denied = {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  };
  /** What the browser tells this tab when another one writes (or removes) the stored choice. */
  const writtenElsewhere = (key: string, value: string | null) => {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  };

  it("follows a withdrawal made in another tab: this tab's store and Consent Mode take it at once", async () => {
    const { consentStorageKey, pushConsentDefaults, syncConsentAcrossTabs, useConsentStore } = await load();
    pushConsentDefaults();
    useConsentStore.getState().decide({ analytics: true, marketing: true });
    const stop = syncConsentAcrossTabs();
    const withdrawn = { analytics: false, marketing: false, version: 1, decidedAt: '2026-11-28T10:00:00.000Z' };

    writtenElsewhere(consentStorageKey, JSON.stringify(withdrawn));
    expect(useConsentStore.getState().choice).toEqual(withdrawn);
    expect(consentCalls().at(-1)).toEqual(['consent', 'update', denied]);

    // Storage emptied there: no choice any more, so nothing is granted and the banner asks again.
    useConsentStore.getState().decide({ analytics: true, marketing: false });
    writtenElsewhere(consentStorageKey, null);
    expect(useConsentStore.getState().choice).toBeNull();
    expect(consentCalls().at(-1)).toEqual(['consent', 'update', denied]);

    // Other keys, and the same choice again, change nothing.
    const calls = consentCalls().length;
    writtenElsewhere('language', 'en');
    writtenElsewhere(consentStorageKey, null);
    expect(consentCalls()).toHaveLength(calls);
    stop();
    writtenElsewhere(consentStorageKey, JSON.stringify({ ...withdrawn, analytics: true }));
    expect(useConsentStore.getState().choice).toBeNull();
  });
});
