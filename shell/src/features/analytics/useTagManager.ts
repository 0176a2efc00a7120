import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { dataLayer, pushConsentDefaults, redactedPagePath, selectMayTrack, useConsentStore } from '@shop/shared';
import { loadAnalyticsConfig } from './analyticsConfig.ts';
import { useConsentWithdrawal } from './consentWithdrawal.ts';
import { loadTagManager, untrackedPaths } from './tagManager.ts';

/** The configured container id once known (null: none configured, or not known yet). */
export function useContainerId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadAnalyticsConfig().then((config) => live && setId(config.gtmContainerId));
    return () => {
      live = false;
    };
  }, []);
  return id;
}

/**
 * Loads the tag manager when a container is configured, the visitor consented to at least one purpose, and
 * the page is not one of the untracked paths (re-checked on every navigation, so arriving on /products-iframe
 * and moving on loads it then). Consent Mode defaults (denied) go to the dataLayer first. A withdrawal, here or in
 * another tab, deletes the withdrawn purposes' cookies and loads the page anew without the container
 * (useConsentWithdrawal; `reloadPage` for tests).
 */
export function useTagManager(containerId: string | null, { reloadPage }: { reloadPage?: () => void } = {}): void {
  useConsentWithdrawal(reloadPage);
  const { pathname, search } = useLocation();
  const mayTrack = useConsentStore(selectMayTrack);
  useEffect(() => {
    if (!containerId) return;
    pushConsentDefaults();
    if (mayTrack && !untrackedPaths.includes(pathname)) loadTagManager(containerId);
  }, [containerId, mayTrack, pathname]);
  usePageViews(mayTrack ? containerId : null, pathname, search);
}

/**
 * Each page the visitor opens, told to the container as `shop_page_view` with `page_location` and `page_path` that
 * name no person and no link's secret (redactedPagePath): the confirmation's path holds the buyer's address, a mail
 * link's query a token and the address. A tag reading the browser's own location would send them to Google; the
 * container's page-view tag reads these instead (docs/product-rules.md#analytics-with-consent). Only once the visitor consented
 * (as the container itself loads only then): before, or after "reject all", nothing is queued.
 */
function usePageViews(containerId: string | null, pathname: string, search: string): void {
  useEffect(() => {
    if (!containerId || untrackedPaths.includes(pathname)) return;
    const page_path = redactedPagePath({ pathname, search });
    dataLayer().push({ event: 'shop_page_view', page_path, page_location: `${window.location.origin}${page_path}` });
  }, [containerId, pathname, search]);
}
