import { expect, test } from '@playwright/test';
import { withShopDatabase } from '../support/database.ts';
import { mainHeading } from '../support/navigation.ts';

/**
 * Texts come from the API's translation table (docs/decisions/0033-texts-from-the-server.md): a value an operator
 * changes in the database is on the page, and the bundled text it replaces never shows first.
 */

const slug = 'catalog.courses.title';
const readText = () =>
  withShopDatabase(
    (db) =>
      db.prepare("select value from translation where slug = ? and language = 'de'").get(slug) as { value: string },
  ).value;
const writeText = (value: string) =>
  withShopDatabase((db) =>
    db.prepare("update translation set value = ? where slug = ? and language = 'de'").run(value, slug),
  );

test('a text changed in the database shows on the page, without the bundled text flashing first', async ({ page }) => {
  const bundled = readText();
  expect(bundled).toBe('Gruppenkurse');
  writeText('Gruppenkurse live online');
  try {
    // Every heading text the page ever shows, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      new MutationObserver(() => {
        const text = document.querySelector('main h1')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const texts = page.waitForResponse((response) => response.url().endsWith('/api/translation/de'));
    await page.goto('/courses');
    await expect(mainHeading(page)).toHaveText('Gruppenkurse live online');
    const headers = (await texts).headers();
    expect(headers['cache-control']).toBe('public, max-age=60');
    expect(headers.etag).toBeTruthy();
    expect(await page.evaluate(() => (window as unknown as { headings: string[] }).headings)).not.toContain(bundled);
  } finally {
    writeText(bundled);
  }
});

test('an English visitor gets the English texts from the API alone, no area downloads its English chunk', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/courses');
  await expect(mainHeading(page)).toHaveText('Group courses');
  await expect(page.locator('main article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The bundled language chunks are named after their language (shell/src/i18n, every area's src/i18n).
  expect(scripts.filter((path) => /\/(en|es)-[\w-]+\.js$/.test(path))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  await context.close();
});
