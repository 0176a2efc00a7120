import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { cards } from '../support/catalog.ts';
import { closeServers, framingPage, servePartner } from '../support/partner.ts';

/**
 * A partner's plain HTML page on another origin embeds the catalog both ways: the one-script embed (a div and
 * a script tag) and a frame of /products-iframe that reports its height. Port 5180 is a configured partner
 * origin (PARTNER_ORIGINS in playwright.config.ts); 5181 is not.
 */
const partnerPort = 5180;
const strangerPort = 5181;

const scriptPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner school – courses</title></head>
<body><main><h1>Partner school</h1>
<div id="sprachkurse"></div>
<script type="module" src="http://localhost:5174/embed.js" data-target="#sprachkurse" data-api="http://127.0.0.1:3000/api" data-shop="http://localhost:5173"></script>
</main></body></html>`;

const pages = {
  '/frame': framingPage('http://localhost:5173/products-iframe?hideHeader=true&hideFooter=true'),
  '/': scriptPage,
};

let servers: Server[] = [];
test.beforeAll(async () => {
  servers = await Promise.all([servePartner(partnerPort, pages), servePartner(strangerPort, pages)]);
});
test.afterAll(() => closeServers(servers));

test('one script tag shows the combined listing on a partner page; add to cart hands the item to the shop', async ({
  page,
}) => {
  await page.goto(`http://localhost:${partnerPort}/`);
  const embed = page.locator('#sprachkurse');
  await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Unser Kursangebot');
  await expect(cards(embed).first()).toBeVisible();
  await expect(embed.locator('[data-card^="product-"]').first()).toBeAttached();
  await expect(embed.locator('[data-card^="flexible-"]').first()).toBeAttached();
  // The partner's page keeps its own language and styles.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('8px');
  await expectAccessible(page);

  const first = cards(embed).first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent())!;
  // The shell takes cartSync off the address at boot, so the value is read from the navigation itself.
  const navigation = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/cart?cartSync='));
  await first.getByRole('button', { name: 'In den Warenkorb' }).click();
  const requested = new URL((await navigation).url());
  expect(requested.origin + requested.pathname).toBe('http://localhost:5173/cart');
  const value = requested.searchParams.get('cartSync')!;
  const cart = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as {
    items: { itemType: string; courseDetails: { titles: { language: string; description: string }[] } }[];
  };
  expect(cart.items).toHaveLength(1);
  expect(cart.items[0]!.courseDetails.titles.find((t) => t.language === 'de')!.description).toBe(title);
  await expect(page).toHaveURL('http://localhost:5173/cart');
});

test('the API refuses a page whose origin is not a configured partner', async ({ page }) => {
  await page.goto(`http://localhost:${strangerPort}/`);
  await expect(page.locator('#sprachkurse').getByRole('alert')).toContainText('Die Kurse konnten nicht geladen werden');
  await expect(cards(page.locator('#sprachkurse'))).toHaveCount(0);
  await expectAccessible(page);
});

test('/products-iframe framed by a partner page reports its height as it changes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`http://localhost:${partnerPort}/frame`);
  const frame = page.frameLocator('#shop');
  await expect(frame.getByRole('article').first()).toBeVisible();
  const heights = () =>
    page.evaluate(() => (window as unknown as { heights: { height: number; path: string }[] }).heights);
  await expect.poll(async () => (await heights()).at(-1)?.height ?? 0).toBeGreaterThan(400);
  const settled = (await heights()).at(-1)!;
  expect(settled.path).toBe('/products-iframe');
  // Only changes are posted: while nothing changes, nothing new arrives.
  const count = (await heights()).length;
  await page.waitForTimeout(1000);
  expect((await heights()).length).toBe(count);
  // The frame follows the content: opening the filter panel makes the page taller.
  await frame.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect.poll(async () => (await heights()).at(-1)!.height).toBeGreaterThan(settled.height);
  // The lightweight partner page (docs/decisions/0014-partner-path.md) in its frame, filter open; axe checks frames.
  await expectAccessible(page);
  await expect
    .poll(async () => (await page.locator('#shop').boundingBox())!.height)
    .toBe((await heights()).at(-1)!.height);
});
