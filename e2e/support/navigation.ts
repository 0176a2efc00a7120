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

/** The document title is the page's main heading and the site name. */
export async function expectTitledByHeading(page: Page): Promise<void> {
  const heading = mainHeading(page);
  await expect(heading).toBeVisible();
  const text = await heading.evaluate((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim());
  await expect(page).toHaveTitle(`${text} – ${siteName}`);
}
