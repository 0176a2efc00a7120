import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { newEmail } from '../support/account.ts';
import { cards, waitForListing } from '../support/catalog.ts';
import { payAndConfirm, placeOrder } from '../support/checkout.ts';
import { type NginxShop, startNginxShop } from '../support/nginx.ts';

/**
 * The deploy kit (deploy/) as an operator installs it: Debian's nginx with deploy/nginx/*.conf in front of the
 * production builds and two API processes (docs/decisions/0122-nginx-deploy-kit.md).
 */

test.describe.configure({ mode: 'serial' });

let shop: NginxShop;
test.beforeAll(async () => {
  shop = await startNginxShop();
});
test.afterAll(async () => shop?.stop());

/** A same-origin request from the page: its status, the headers named and its body as text. */
const fetchFrom = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const response = await fetch(address);
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }, url);

test('one origin by path: caching, compression with Vary, security headers, TLS, JSON for what nginx answers', async ({
  page,
}) => {
  const home = await page.goto(`${shop.shopUrl}/courses`);
  await waitForListing(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppenkurse');
  // The page: revalidated, compressed at build time (gzip, or brotli with the module), every security header.
  const headers = home!.headers();
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['content-encoding']).toBe(shop.brotli ? 'br' : 'gzip');
  expect(headers.vary).toContain('Accept-Encoding');
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['content-security-policy']).toBe(
    "frame-ancestors 'self' https://shop.sprachschule.example; base-uri 'self'; object-src 'none'",
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  // The script policy travels in the page and names the shop's own origin for the areas.
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain('script-src');

  // The catalog area came from /areas/catalog/ on the same origin: its entry revalidated, its chunks immutable.
  const entry = await fetchFrom(page, '/areas/catalog/remoteEntry.js');
  expect(entry.status).toBe(200);
  expect(entry.headers['cache-control']).toBe('no-cache');
  expect(entry.headers['access-control-allow-origin']).toBe('*');
  const chunk = /assets\/[^"']+\.js/.exec(entry.body)![0];
  const asset = await fetchFrom(page, `/areas/catalog/${chunk}`);
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-type']).toContain('javascript');
  expect((await fetchFrom(page, '/remotes.json')).headers['cache-control']).toBe('no-cache');
  // A missing chunk is a 404, not the SPA's page.
  expect((await fetchFrom(page, '/assets/gone-1234.js')).status).toBe(404);

  // The API's own headers pass through; the staff API is not on the shop's origin.
  const search = await fetchFrom(page, '/api/course/search?limit=1');
  expect(search.status).toBe(200);
  expect(search.headers['content-security-policy']).toContain("script-src 'none'");
  const admin = await fetchFrom(page, '/api/admin/openapi.json');
  expect(admin.status).toBe(404);
  expect(JSON.parse(admin.body)).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });

  // The back office on its own origin: never framed, not indexed, the staff API only.
  const backoffice = await page.goto(`${shop.backofficeUrl}/`);
  expect(backoffice!.status()).toBe(200);
  expect(backoffice!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(backoffice!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect((await fetchFrom(page, '/api/admin/openapi.json')).status).toBe(200);
  expect((await fetchFrom(page, '/api/course/search')).status).toBe(404);
});

test('a buyer books a course while one of the two API processes is killed midway, and loses nothing', async ({
  page,
}) => {
  const apiAnswers: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/')) apiAnswers.push({ path, status: response.status() });
  });
  await page.goto(`${shop.shopUrl}/courses`);
  await waitForListing(page);
  // Not the first card (other journeys' habit: the soonest courses stay as they are).
  const card = cards(page).nth(1);
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!;
  await card.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line').getByRole('heading', { level: 2 })).toHaveText(title);

  // Midway: one process dies without a word (no graceful stop).
  await shop.apis[0].kill();

  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const email = newEmail('nginx');
  await placeOrder(page, { email });
  const orderNumber = await payAndConfirm(page);

  // Nothing the browser asked the API for failed, although nginx met the dead process (its log says so).
  expect(apiAnswers.length).toBeGreaterThan(5);
  expect(apiAnswers.filter((answer) => answer.status >= 500)).toEqual([]);
  expect(shop.errorLog()).toMatch(/connect\(\) failed \(111: Connection refused\) while connecting to upstream/);
  const db = new Database(shop.databaseFile, { readonly: true });
  try {
    const order = db.prepare('select status, email from shop_order where increment_id = ?').get(orderNumber);
    expect(order).toEqual({ status: 'paid', email });
  } finally {
    db.close();
  }
});

test('sixty buyers whose reads are in flight when a process dies all get their answers', async ({ page }) => {
  // The process killed before is back; nginx sends it requests again once its failure has timed out.
  const [back, victim] = shop.apis;
  const answeredBefore = shop.answeredBy(back.port);
  await back.start();
  await page.goto(`${shop.shopUrl}/courses`);
  await expect
    .poll(async () => {
      await fetchFrom(page, '/api/course/search?limit=1');
      return shop.answeredBy(back.port);
    })
    .toBeGreaterThan(answeredBefore);
  const refusedBefore = shop.errorLog().split('\n').length;

  // Sixty listings asked 15 ms apart; the other process dies while they are under way.
  const answers = page.evaluate(() =>
    Promise.all(
      Array.from({ length: 60 }, async (_, buyer) => {
        await new Promise((resolve) => setTimeout(resolve, buyer * 15));
        const response = await fetch(`/api/course/search?limit=100`);
        return response.status;
      }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  await victim.kill();
  expect(await answers).toEqual(Array.from({ length: 60 }, () => 200));
  // nginx did meet the dead process and moved those requests to the live one.
  expect(
    shop
      .errorLog()
      .split('\n')
      .slice(refusedBefore - 1)
      .join('\n'),
  ).toContain(`127.0.0.1:${victim.port}`);
});

test('with both API processes gone, /api answers the JSON error envelope, not nginx’s HTML page', async ({ page }) => {
  await page.goto(`${shop.shopUrl}/courses`);
  await shop.apis[0].kill();
  const answer = await fetchFrom(page, '/api/course/search?limit=1');
  expect(answer.status).toBe(503);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
  });
});
