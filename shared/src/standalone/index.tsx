/**
 * Standalone start of a remote (its own index.html and dev server, for the team that owns it): the same
 * routes the shell mounts, with i18n, the API client and the cart's tab sync set up as the shell would.
 * Imports go through the package root so the page still has one @shop/shared instance.
 */
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import {
  adoptCartSyncFromUrl,
  adoptTokenFromUrl,
  captureFrameFlags,
  configureApi,
  initI18n,
  SharedStyles,
  startHeightReporter,
  syncCartAcrossTabs,
  syncSessionAcrossTabs,
  useAuthStore,
  usePageHeading,
  useSessionGuard,
} from '@shop/shared';

function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  const { t } = useTranslation();
  // The same session rules, title and focus handling as in the shell.
  useSessionGuard();
  usePageHeading({ siteName: t('common.siteName') });
  return useRoutes(routes);
}

export async function renderStandalone(routes: RouteObject[], element: HTMLElement | null): Promise<void> {
  if (!element) throw new Error('renderStandalone: missing root element');
  captureFrameFlags();
  configureApi({ token: () => useAuthStore.getState().token });
  adoptTokenFromUrl();
  // Like the shell's boot: the global cartSync parameter is read and removed on any path (docs/product-rules.md#cart).
  void adoptCartSyncFromUrl();
  syncCartAcrossTabs();
  syncSessionAcrossTabs();
  startHeightReporter();
  await initI18n();
  createRoot(element).render(
    <StrictMode>
      <SharedStyles />
      <BrowserRouter>
        <main id="main">
          {/* Areas load their pages lazily. */}
          <Suspense fallback={null}>
            <StandaloneRoutes routes={routes} />
          </Suspense>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
