import { expect, type Page } from '@playwright/test';

/** A client-side navigation inside the shop (the router follows history), without reloading the page. */
export async function navigateInShop(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export const mainHeading = (page: Page) => page.locator('main h1').first();

/** The site name every document title ends with. */
export const siteName = 'Sprachschule Español';

/**
 * The document title is the page's main heading and the site name. Both are read in one go: a route that
 * redirects (an empty cart's /checkout goes home) changes both, and a heading read before the redirect would
 * be compared with a title from after it.
 */
export async function expectTitledByHeading(page: Page): Promise<void> {
  await expect(mainHeading(page)).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((site) => {
        const heading = document.querySelector('main h1');
        const expected = `${(heading?.textContent ?? '').replace(/\s+/g, ' ').trim()} – ${site}`;
        return document.title === expected ? 'titled by its heading' : `"${document.title}", not "${expected}"`;
      }, siteName),
    )
    .toBe('titled by its heading');
}
