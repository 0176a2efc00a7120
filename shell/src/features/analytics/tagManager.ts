import { dataLayer } from '@shop/shared';

export const tagManagerOrigin = 'https://www.googletagmanager.com';

/** Paths that never load the tag manager: the embed listing (docs/product-rules.md#screens, #api-calls), framed on partner sites. */
export const untrackedPaths: readonly string[] = ['/products-iframe'];

let loadedId: string | null = null;

/**
 * Google Tag Manager's snippet as code: the start event, then the container script (async). Called only
 * after consent (useTagManager); once per page, since a loaded container cannot be unloaded again — a later
 * withdrawal reaches it as a Consent Mode update, and the page is then loaded anew without it (consentWithdrawal.ts).
 */
export function loadTagManager(containerId: string, doc: Document = document): boolean {
  if (loadedId) return false;
  loadedId = containerId;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${tagManagerOrigin}/gtm.js?id=${encodeURIComponent(containerId)}`;
  doc.head.appendChild(script);
  return true;
}

/** Whether the container was loaded in this page: its code runs until the page is left or reloaded. */
export function tagManagerLoaded(): boolean {
  return loadedId !== null;
}

/** Tests only. */
export function resetTagManagerForTest(): void {
  loadedId = null;
}
