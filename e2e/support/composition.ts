import type { Page } from '@playwright/test';
import { inlineComposition } from '@shop/shared/vite/composition';

/**
 * Serves the shell with another composition, as a deploy that recomposes does: `npm run compose` replaces
 * remotes.json and the composition carried in the shell's page (docs/performance.md#the-first-screens-path).
 * The page's first load reads the one in the page; a retry reads remotes.json.
 */
export async function serveComposition(page: Page, composed: unknown): Promise<void> {
  // A page the test serves counts as loaded from outside this machine, and Chromium then lets it reach loopback
  // addresses (the areas here) only with this permission, which the real page on localhost needs not.
  await page.context().grantPermissions(['local-network-access']);
  await page.route('**/remotes.json', (route) => route.fulfill({ json: composed }));
  // The page's own document, wherever the test's base URL puts the shell: the tests navigate to nothing else.
  await page.route('**/*', async (route) => {
    if (!route.request().isNavigationRequest() || route.request().frame() !== page.mainFrame()) return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      status: response.status(),
      contentType: 'text/html; charset=utf-8',
      body: inlineComposition(await response.text(), composed),
    });
  });
}
