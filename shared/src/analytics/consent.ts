import { create } from 'zustand';
import { readStorage, writeStorage } from '../stores/safeStorage.ts';
import { dataLayer } from './dataLayer.ts';

/**
 * The visitor's consent to tracking (docs/architecture.md#platform), per purpose:
 * - `analytics`: measuring use of the shop (Google Consent Mode `analytics_storage`);
 * - `marketing`: advertising and its measurement (`ad_storage`, `ad_user_data`, `ad_personalization`).
 * The choice is stored in localStorage with the version of this wording; a stored choice of an older
 * version (or none) means asking again.
 */
export const consentPurposes = ['analytics', 'marketing'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
export type ConsentChoice = Record<ConsentPurpose, boolean>;

export interface StoredConsent extends ConsentChoice {
  version: number;
  decidedAt: string;
}

export const consentStorageKey = 'shop:consent';
/** Raise when the purposes or their wording change: every visitor is asked again. */
export const consentVersion = 1;

export function readStoredConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(readStorage('local', consentStorageKey) ?? 'null') as Partial<StoredConsent> | null;
    if (!value || value.version !== consentVersion || typeof value.decidedAt !== 'string') return null;
    if (!consentPurposes.every((purpose) => typeof value[purpose] === 'boolean')) return null;
    return value as StoredConsent;
  } catch {
    return null;
  }
}

/** Google Consent Mode v2 signals for a choice; everything denied without one. */
export function consentModeSignals(choice: ConsentChoice | null): Record<string, 'granted' | 'denied'> {
  const state = (granted: boolean | undefined) => (granted ? 'granted' : 'denied');
  return {
    ad_storage: state(choice?.marketing),
    ad_user_data: state(choice?.marketing),
    ad_personalization: state(choice?.marketing),
    analytics_storage: state(choice?.analytics),
  };
}

/** The `gtag()` call of Google's snippet: the tag manager reads `arguments` objects from the dataLayer. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments as unknown as Record<string, unknown>);
}

let defaultsPushed = false;

/**
 * Consent Mode v2 defaults: denied until the visitor agrees. Must be in the dataLayer before the tag
 * manager loads (it then applies them before any tag fires); a stored choice follows at once as an update.
 */
export function pushConsentDefaults(): void {
  if (defaultsPushed) return;
  defaultsPushed = true;
  gtag('consent', 'default', { ...consentModeSignals(null), wait_for_update: 500 });
  const stored = readStoredConsent();
  if (stored) gtag('consent', 'update', consentModeSignals(stored));
}

export interface ConsentState {
  choice: StoredConsent | null;
  /** The banner is open again from the footer link (with the per-purpose settings shown). */
  reopened: boolean;
  decide: (choice: ConsentChoice) => void;
  reopen: () => void;
  close: () => void;
}

export const useConsentStore = create<ConsentState>()((set) => ({
  choice: readStoredConsent(),
  reopened: false,
  decide: (choice) => {
    const stored: StoredConsent = {
      analytics: choice.analytics,
      marketing: choice.marketing,
      version: consentVersion,
      decidedAt: new Date().toISOString(),
    };
    writeStorage('local', consentStorageKey, JSON.stringify(stored));
    gtag('consent', 'update', consentModeSignals(stored));
    set({ choice: stored, reopened: false });
  },
  reopen: () => set({ reopened: true }),
  close: () => set({ reopened: false }),
}));

/** Whether any purpose is granted: only then may the tag manager be loaded at all. */
export const selectMayTrack = (state: ConsentState) =>
  state.choice !== null && consentPurposes.some((purpose) => state.choice![purpose]);

const sameChoice = (a: StoredConsent | null, b: StoredConsent | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One choice for every open tab of the shop: a choice made (or withdrawn) in another tab reaches this one through the
 * `storage` event of its localStorage entry, and this tab applies it as its own — Consent Mode update and store —
 * without writing it again. Without it a tab left open kept its tag manager and went on setting the cookies a
 * withdrawal in another tab had just deleted (the shell reacts to the store: docs/decisions/0076-consent-withdrawal.md).
 * Returns the function that stops it.
 */
export function syncConsentAcrossTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared its storage, this entry with it.
    if (event.key !== consentStorageKey && event.key !== null) return;
    const stored = readStoredConsent();
    if (sameChoice(stored, useConsentStore.getState().choice)) return;
    gtag('consent', 'update', consentModeSignals(stored));
    useConsentStore.setState({ choice: stored });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
