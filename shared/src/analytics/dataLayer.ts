import { readStorage, writeStorage } from '../stores/safeStorage.ts';

/**
 * The tag-manager queue (docs/product-rules.md#api-calls): events are pushed to `window.dataLayer`, which Google Tag Manager reads
 * once it is loaded (and replays from the start if it loads later, so nothing is lost before consent).
 * Loading GTM itself is the shell's job; this module only fills the queue.
 */
export type DataLayerEntry = Record<string, unknown>;

/** localStorage key of the last pushed event, kept to avoid duplicates (docs/product-rules.md#api-calls). */
export const lastEventStorageKey = 'analytics:lastEvent';

type DataLayerHost = { dataLayer?: DataLayerEntry[] };

export function dataLayer(host: DataLayerHost = globalThis as DataLayerHost): DataLayerEntry[] {
  host.dataLayer ??= [];
  return host.dataLayer;
}

/**
 * Pushes an event unless it is the very same event as the last one pushed (same name and payload, including
 * its transaction id) — the same user action reported twice, e.g. by a handler or effect that runs again, or
 * a page that is reloaded. The last event is kept in localStorage so this also holds across reloads and tabs.
 * Returns whether the event was pushed.
 */
export function pushDeduplicated(entry: DataLayerEntry, host?: DataLayerHost): boolean {
  const fingerprint = JSON.stringify(entry);
  if (readStorage('local', lastEventStorageKey) === fingerprint) return false;
  writeStorage('local', lastEventStorageKey, fingerprint);
  const queue = dataLayer(host);
  // GA4 practice: clear the previous ecommerce object so its fields cannot leak into this event.
  if ('ecommerce' in entry) queue.push({ ecommerce: null });
  queue.push(entry);
  return true;
}
