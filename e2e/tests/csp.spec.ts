import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newEmail, verifiedCustomer } from '../support/account.ts';
import { cards } from '../support/catalog.ts';
import {
  courseItem,
  laterCourseWithPlaces,
  orderByApi,
  payAndConfirm,
  placeOrder,
  seedCart,
  signIn,
} from '../support/checkout.ts';
import { mainHeading, navigateInShop } from '../support/navigation.ts';
import { closeServers, framingPage, servePartner } from '../support/partner.ts';

/**
 * The pages' Content-Security-Policy (docs/deploy.md#content-security-policy, record 0089): a script someone
 * manages to put into a page does not run, and every page of the shop still works under the policy, with no
 * violation reported by the browser.
 */

const shell = 'http://localhost:5173';
const standalone = { catalog: 5174, cartCheckout: 5175, account: 5176, levelTest: 5177 } as const;
const composition = () =>
  JSON.parse(readFileSync(new URL('../../shell/dist/remotes.json', import.meta.url), 'utf8')) as {
    areas: Record<keyof typeof standalone, { paths: string[] }>;
  };
const sampleValues: Record<string, string> = { orderId: '100001', email: 'anna%40example.org', level: 'A1' };
const withSampleValues = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => sampleValues[name] ?? name);

/**
 * Every violation the browser reports from now on, in every frame and across navigations: the
 * `securitypolicyviolation` events (listened to by an init script, which the page's policy does not govern) and
 * the console's CSP messages (a refused script, a directive the browser ignores).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/**
 * What ran of two injected scripts: an inline `<script>` and an event-handler attribute, as HTML injection would put
 * them (eval is not probed here: Playwright's own evaluation may always eval; the policy has no 'unsafe-eval').
 */
async function inject(page: Page) {
  return page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScript = true;';
    document.head.append(script);
    const holder = document.createElement('div');
    holder.innerHTML =
      '<img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onload="window.__injectedHandler = true" onerror="window.__injectedHandler = true">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { script: w.__injectedScript === true, handler: w.__injectedHandler === true };
  });
}

/** The page's document as served, but without its policy (header and meta element): the control of the probe. */
async function withoutPolicy(page: Page) {
  await page.route('**/*', async (route) => {
    if (!route.request().isNavigationRequest()) return route.fallback();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    for (const name of ['content-security-policy', 'content-encoding', 'content-length']) delete headers[name];
    await route.fulfill({
      response,
      headers,
      body: (await response.text()).replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
    });
  });
}

/** An unpaid order placed through the API; its sandbox payment page. */
async function paymentPage(request: APIRequestContext): Promise<string> {
  const course = await laterCourseWithPlaces(request, 1, 1);
  const order = { courses: [course], email: newEmail('csp'), participantEmail: 'ana.garcia@example.org' };
  return (await orderByApi(request, order)).paymentLink;
}

test.describe('an injected script does not run', () => {
  const pages: [string, (page: Page) => Promise<void>][] = [
    [
      "the shop's page",
      async (page) => {
        await page.goto('/courses');
        await expect(cards(page).first()).toBeVisible();
      },
    ],
    [
      'the partner page',
      async (page) => {
        await page.goto('/products-iframe?hideHeader=true&hideFooter=true');
        await expect(cards(page).first()).toBeVisible();
      },
    ],
    [
      "a remote's standalone page",
      async (page) => {
        await page.goto(`http://localhost:${standalone.cartCheckout}/cart`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warenkorb');
      },
    ],
    [
      'the sandbox payment page',
      async (page) => {
        await page.goto(await paymentPage(page.request));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testzahlung');
      },
    ],
  ];

  for (const [name, open] of pages) {
    test(`${name}: neither an inline script nor an event handler; without the policy both would`, async ({
      page,
      browser,
    }) => {
      const violations = await watchViolations(page);
      await open(page);
      expect(violations).toEqual([]);
      expect(await inject(page)).toEqual({ script: false, handler: false });
      await expect.poll(() => violations.join('\n')).toMatch(/script-src-elem blocked inline/);
      await expect.poll(() => violations.join('\n')).toMatch(/script-src-attr blocked inline/);

      // The probe is sound: the same page served without its policy runs both.
      const context = await browser.newContext();
      // A document the test serves counts as loaded from outside this machine; the areas are on loopback addresses.
      await context.grantPermissions(['local-network-access']);
      try {
        const bare = await context.newPage();
        await withoutPolicy(bare);
        await open(bare);
        expect(await inject(bare)).toEqual({ script: true, handler: true });
      } finally {
        await context.close();
      }
    });
  }

  test("Playwright's addScriptTag with inline content is refused on the shop's page", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/courses');
    await expect(cards(page).first()).toBeVisible();
    await page.addScriptTag({ content: 'window.__addedByTag = true;' }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __addedByTag?: boolean }).__addedByTag)).toBeUndefined();
    await expect.poll(() => violations.join('\n')).toMatch(/script-src-elem blocked inline/);
  });
});

test.describe('every page works under the policy, with no violation reported', () => {
  test("each page's policy allows scripts only from its own and the remotes' origins and by hash", async ({
    request,
  }) => {
    const remotes = Object.values(standalone).map((port) => `http://localhost:${port}`);
    const pages = [
      [`${shell}/`, [...remotes, 'https://www.googletagmanager.com']],
      [`${shell}/courses`, [...remotes, 'https://www.googletagmanager.com']],
      [`${shell}/products-iframe?hideHeader=true&hideFooter=true`, remotes],
      ...remotes.map((origin) => [`${origin}/`, []] as const),
    ] as const;
    for (const [url, origins] of pages) {
      const response = await request.get(url);
      const header = response.headers()['content-security-policy'] ?? '';
      const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(header)?.[1]?.split(' ') ?? [];
      expect(scriptSrc, url).toEqual(["'self'", ...origins, ...scriptSrc.filter((s) => s.startsWith("'sha256-"))]);
      expect(header, url).not.toMatch(/unsafe|\*/);
      expect(header, url).toContain("frame-ancestors 'self' http://localhost:5173 http://localhost:5180;");
      // The same policy travels inside the page, for hosts that do not send it.
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(await response.text())?.[1];
      expect(meta, url).toContain(`script-src ${scriptSrc.join(' ')};`);
    }
    const sandbox = await request.get(await paymentPage(request));
    expect(sandbox.headers()['content-security-policy']).toMatch(/^default-src 'none';.*script-src 'none'$/);
  });

  test('every route of every area in the shop, signed in', async ({ page, request }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    const { token } = await verifiedCustomer(request, 'csp');
    await signIn(page, token);
    const paths = Object.values(composition().areas).flatMap((area) => area.paths);
    for (const path of ['/', ...paths.map(withSampleValues), '/unknown-path']) {
      await page.goto(path);
      await expect(mainHeading(page), path).toBeVisible();
    }
    // Moving inside the shop loads the other areas' code into the same page.
    for (const path of ['/courses', '/cart', '/account-data', '/level-test']) {
      await navigateInShop(page, path);
      await expect(mainHeading(page), path).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test("every route of each remote's standalone page", async ({ page }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    for (const [area, port] of Object.entries(standalone)) {
      for (const path of composition().areas[area as keyof typeof standalone].paths) {
        await page.goto(`http://localhost:${port}${withSampleValues(path)}`);
        // A standalone page has no home: a route that sends a visitor there (an empty cart's checkout) shows nothing.
        await page.waitForLoadState('networkidle');
        if (!(await page.evaluate(() => location.pathname === '/')))
          await expect(page.getByRole('heading', { level: 1 }).first(), `${area} ${path}`).toBeVisible();
      }
    }
    expect(violations).toEqual([]);
  });

  test('a checkout through the sandbox payment page to the confirmation', async ({ page, request }) => {
    const violations = await watchViolations(page);
    const course = await laterCourseWithPlaces(request, 1, 1);
    await seedCart(page, [courseItem(course, 1)]);
    await page.goto('/cart');
    await expect(mainHeading(page)).toHaveText('Warenkorb');
    await page.goto('/checkout-auth');
    await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await placeOrder(page, { email: newEmail('csp-gast') });
    await payAndConfirm(page);
    expect(violations).toEqual([]);
  });

  test.describe('framed by a partner', () => {
    let servers: Server[] = [];
    test.beforeAll(async () => {
      servers = [await servePartner(5180, { '/': framingPage(`${shell}/products-iframe`) })];
    });
    test.afterAll(() => closeServers(servers));

    test('the partner page in its frame', async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto('http://localhost:5180/');
      const frame = page.frameLocator('#shop');
      await expect(frame.getByRole('article').first()).toBeVisible();
      expect(violations).toEqual([]);
    });
  });

  test('consent given: the tag manager loads and runs, and the shop goes on working', async ({ page }) => {
    const violations = await watchViolations(page);
    // A deployment's container, and the tag manager answered here: the network is closed to the outside.
    await page.route('**/analytics.json', (route) => route.fulfill({ json: { gtmContainerId: 'GTM-TEST123' } }));
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerRan = true;' }),
    );
    await page.goto('/courses');
    await page
      .getByRole('region', { name: 'Ihre Privatsphäre' })
      .getByRole('button', { name: 'Alle akzeptieren' })
      .click();
    await expect.poll(() => page.evaluate(() => (window as { __tagManagerRan?: boolean }).__tagManagerRan)).toBe(true);
    await navigateInShop(page, '/cart');
    await expect(mainHeading(page)).toHaveText('Warenkorb');
    await page.reload();
    await expect.poll(() => page.evaluate(() => (window as { __tagManagerRan?: boolean }).__tagManagerRan)).toBe(true);
    expect(violations).toEqual([]);
  });
});
