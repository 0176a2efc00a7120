import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { pushConsentDefaults, selectMayTrack, useConsentStore } from '@shop/shared';
import { loadAnalyticsConfig } from './analyticsConfig.ts';
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
 * and moving on loads it then). Consent Mode defaults (denied) go to the dataLayer first.
 */
export function useTagManager(containerId: string | null): void {
  const { pathname } = useLocation();
  const mayTrack = useConsentStore(selectMayTrack);
  useEffect(() => {
    if (!containerId) return;
    pushConsentDefaults();
    if (mayTrack && !untrackedPaths.includes(pathname)) loadTagManager(containerId);
  }, [containerId, mayTrack, pathname]);
}
