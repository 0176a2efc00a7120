import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { cards } from '../support/catalog.ts';
import { navigateInShop } from '../support/navigation.ts';

/**
 * Analytics with consent (docs/architecture.md#platform). The shipped analytics.json names no container; these journeys serve one
 * with a test container id, as a deployment would, and answer the tag-manager host themselves — the network
 * is closed, and no test may reach the internet: every request off localhost is caught here.
 */
const containerId = 'GTM-TEST123';
const tagManagerScript = `https://www.googletagmanager.com/gtm.js?id=${containerId}`;
const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/** Catches every request leaving localhost: tag-manager requests are answered with a stub, others refused. */
async function watchThirdParty(page: Page, { container }: { container: boolean }) {
  const tagManager: string[] = [];
  const others: string[] = [];
  if (container)
    await page.route('**/analytics.json', (route) => route.fulfill({ json: { gtmContainerId: containerId } }));
  await page.route(
    (url) => !isLocal(url),
    (route) => {
      const url = route.request().url();
      if (url.startsWith('https://www.googletagmanager.com/')) {
        tagManager.push(url);
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerRan = true;' });
      }
      others.push(url);
      return route.abort('blockedbyclient');
    },
  );
  return { tagManager, others };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Ihre Privatsphäre' });
const dataLayer = (page: Page) =>
  page.evaluate(
    () => JSON.parse(JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])) as unknown[],
  );

test('without a container id the shop makes no third-party request and asks nothing; events still reach the dataLayer', async ({
  page,
}) => {
  const { tagManager, others } = await watchThirdParty(page, { container: false });
  await page.goto('/courses');
  await expect(cards(page).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie-Einstellungen' })).toHaveCount(0);
  await cards(page).first().getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect
    .poll(async () => (await dataLayer(page)).some((entry) => (entry as { event?: string }).event === 'add_to_cart'))
    .toBe(true);
  expect(tagManager).toEqual([]);
  expect(others).toEqual([]);
});

test('no tag manager before consent; Consent Mode defaults denied; the container after "accept all"', async ({
  page,
}) => {
  const { tagManager, others } = await watchThirdParty(page, { container: true });
  await page.goto('/courses');
  await expect(banner(page)).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expectAccessible(page, { exclude: ['#main > *'] });

  // "Accept all" and "reject all" side by side on the first layer, alike in size and colour.
  const accept = banner(page).getByRole('button', { name: 'Alle akzeptieren' });
  const reject = banner(page).getByRole('button', { name: 'Alle ablehnen' });
  const looks = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        color: style.color,
        font: style.fontSize + style.fontWeight,
        height: element.getBoundingClientRect().height,
      };
    });
  expect(await looks(reject)).toEqual(await looks(accept));

  await page.waitForTimeout(500);
  expect(tagManager).toEqual([]);
  expect((await dataLayer(page))[0]).toEqual({
    0: 'consent',
    1: 'default',
    2: {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    },
  });

  await accept.click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => tagManager).toEqual([tagManagerScript]);
  await expect.poll(() => page.evaluate(() => (window as { __tagManagerRan?: boolean }).__tagManagerRan)).toBe(true);
  expect(
    (await dataLayer(page)).map(
      (entry) => (entry as Record<string, unknown>)[1] ?? (entry as { event?: string }).event,
    ),
  ).toEqual(expect.arrayContaining(['default', 'update', 'gtm.js']));

  // The choice is stored: the next page load asks nothing and loads the container again.
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => tagManager.length).toBe(2);
  expect(others).toEqual([]);
});

test('Consent Mode defaults come before any event, also one pushed before analytics.json answers', async ({ page }) => {
  // analytics.json answers only after the visitor has put a course into the cart: its add_to_cart is pushed first.
  let answerConfig = () => {};
  const configAsked = new Promise<void>((resolve) => {
    void page.route('**/analytics.json', async (route) => {
      resolve();
      await new Promise<void>((release) => (answerConfig = release));
      await route.fulfill({ json: { gtmContainerId: containerId } });
    });
  });
  await page.route(
    (url) => !isLocal(url),
    (route) => route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/courses');
  await configAsked;
  await cards(page).first().getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  answerConfig();
  await expect(banner(page)).toBeVisible();

  const entries = (await dataLayer(page)) as Record<string, unknown>[];
  const consentDefault = entries.findIndex((entry) => entry[0] === 'consent' && entry[1] === 'default');
  const addToCart = entries.findIndex((entry) => entry.event === 'add_to_cart');
  expect(addToCart).toBeGreaterThan(-1);
  // A tag manager applies consent defaults only to what comes after them in the queue it replays.
  expect(consentDefault).toBe(0);
});

test("page views after consent name no person and no link's secret (record 0073)", async ({ page }) => {
  await watchThirdParty(page, { container: true });
  await page.goto('/courses?courseType=1');
  await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/password-new?token=abcdefghijklmnopqrstuvwxyz&email=ana%40example.org');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () =>
      ((await dataLayer(page)) as Record<string, unknown>[])
        .filter((entry) => entry.event === 'shop_page_view')
        .map((entry) => entry.page_path),
    )
    .toEqual(['/password-new']);
  expect(JSON.stringify(await dataLayer(page))).not.toMatch(/ana%40|ana@|abcdefghij/);
});

test('nothing after "reject all"; the footer link reopens the settings per purpose', async ({ page }) => {
  const { tagManager, others } = await watchThirdParty(page, { container: true });
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Alle ablehnen' }).click();
  await expect(banner(page)).toHaveCount(0);
  await navigateInShop(page, '/courses');
  await expect(cards(page).first()).toBeVisible();
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(tagManager).toEqual([]);

  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { name: 'Ihre Privatsphäre' })).toBeFocused();
  const statistics = banner(page).getByRole('checkbox', { name: 'Statistik' });
  await expect(statistics).not.toBeChecked();
  await expect(banner(page).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  await expectAccessible(page, { exclude: ['#main > *'] });
  await statistics.check();
  await banner(page).getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie-Einstellungen' })).toBeFocused();
  await expect.poll(() => tagManager).toEqual([tagManagerScript]);
  expect(others).toEqual([]);
});

test('never on /products-iframe, even with consent; no banner there', async ({ page }) => {
  const { tagManager, others } = await watchThirdParty(page, { container: true });
  await page.addInitScript(() =>
    localStorage.setItem(
      'shop:consent',
      JSON.stringify({ analytics: true, marketing: true, version: 1, decidedAt: '2026-01-01T00:00:00.000Z' }),
    ),
  );
  await page.goto('/products-iframe?hideHeader=true&hideFooter=true');
  await expect(cards(page).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(tagManager).toEqual([]);
  expect(others).toEqual([]);
});

test("withdrawing consent: Consent Mode denied, the tags' cookies deleted, the page loaded anew without the container (record 0076)", async ({
  page,
  context,
}) => {
  const tagManager: string[] = [];
  await page.route('**/analytics.json', (route) => route.fulfill({ json: { gtmContainerId: containerId } }));
  // A stand-in container: it sets the cookies Google's tags set, and keeps the consent commands it is given in
  // sessionStorage, which outlives the reload.
  await page.route(
    (url) => !isLocal(url),
    (route) => {
      tagManager.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: `
          window.__tagManagerRan = true;
          for (const cookie of ['_ga=GA1.1.1', '_ga_TEST123=GS1.1.1', '_gid=GA1.1.2', '_gcl_au=1.1.3'])
            document.cookie = cookie + '; Path=/';
          const record = (entry) => {
            if (!entry || entry[0] !== 'consent') return;
            const seen = JSON.parse(sessionStorage.getItem('stub:consent') || '[]');
            sessionStorage.setItem('stub:consent', JSON.stringify([...seen, Array.from(entry)]));
          };
          window.dataLayer.forEach(record);
          const push = window.dataLayer.push.bind(window.dataLayer);
          window.dataLayer.push = (...entries) => (entries.forEach(record), push(...entries));
        `,
      });
    },
  );
  const trackingCookies = async () =>
    (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^_g/.test(name));

  await page.goto('/courses');
  await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect.poll(trackingCookies).toEqual(expect.arrayContaining(['_ga', '_ga_TEST123', '_gid', '_gcl_au']));

  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  const reloaded = page.waitForEvent('load');
  await banner(page).getByRole('button', { name: 'Alle ablehnen' }).click();
  await reloaded;
  await expect(cards(page).first()).toBeVisible();

  // The container was told before the page went, and is gone with it; its cookies are gone too.
  const told = JSON.parse((await page.evaluate(() => sessionStorage.getItem('stub:consent'))) ?? '[]') as unknown[][];
  expect(told.at(-1)).toEqual([
    'consent',
    'update',
    { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
  ]);
  expect(await page.evaluate(() => (window as { __tagManagerRan?: boolean }).__tagManagerRan)).toBeUndefined();
  expect(await page.locator('script[src^="https://www.googletagmanager.com/"]').count()).toBe(0);
  expect(await trackingCookies()).toEqual([]);
  await expect(banner(page)).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(tagManager).toEqual([tagManagerScript]);
});
