/**
 * Standalone start of a remote (its own index.html and dev server, for the team that owns it): the same
 * routes the shell mounts, with i18n, the API client and the cart's tab sync set up as the shell would.
 * Imports go through the package root so the page still has one @shop/shared instance.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { adoptTokenFromUrl, configureApi, initI18n, SharedStyles, syncCartAcrossTabs, useAuthStore, useSessionGuard } from '@shop/shared';

function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  // The same session rules as in the shell (401 → home, unverified → waiting page).
  useSessionGuard();
  return useRoutes(routes);
}

export async function renderStandalone(routes: RouteObject[], element: HTMLElement | null): Promise<void> {
  if (!element) throw new Error('renderStandalone: missing root element');
  configureApi({ token: () => useAuthStore.getState().token });
  adoptTokenFromUrl();
  syncCartAcrossTabs();
  await initI18n();
  createRoot(element).render(
    <StrictMode>
      <SharedStyles />
      <BrowserRouter>
        <main id="main">
          <StandaloneRoutes routes={routes} />
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
