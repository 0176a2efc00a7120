import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { serveComposition } from '../support/composition.ts';

const remoteOrigins = [5174, 5175, 5176, 5177].map((port) => `http://localhost:${port}`);
/** The composition `npm run build` wrote (into remotes.json and the shell's page). */
const builtComposition = new URL('../../shell/dist/remotes.json', import.meta.url);

/** Visits one path of each remote inside the shell, without reloading the page. */
async function visitAllAreas(page: Page) {
  await page.goto('/courses');
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const [path, heading] of [
    ['/cart', 'Warenkorb'],
    ['/login', 'Anmelden'],
    ['/level-test', 'Einstufungstest'],
  ] as const) {
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
}

test('react, react-dom and @shop/shared are loaded once with all four remotes in the page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  // Count React renderers the way React DevTools does: every react-dom copy registers with this hook.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        inject: (r: unknown) => renderers.push(r),
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
    (window as unknown as { __renderers: unknown[] }).__renderers = renderers;
  });

  await visitAllAreas(page);

  const scopes = await page.evaluate(() => {
    const share = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string }>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, Record<string, string[]>> = {};
    for (const [container, byScope] of Object.entries(share)) {
      for (const [pkg, versions] of Object.entries(byScope.default ?? {})) {
        (result[pkg] ??= {})[container] = Object.entries(versions).map(
          ([version, entry]) => `${version}@${entry.from}`,
        );
      }
    }
    return result;
  });
  // zustand is no share of its own: only @shop/shared imports it, so it lives in that one shared instance.
  expect(scopes.zustand, 'zustand is inside @shop/shared, not a share').toBeUndefined();
  // Nor is the router: the areas get it from the @shop/shared instance (docs/decisions/0038-router-inside-shared.md).
  expect(scopes['react-router-dom'], 'react-router-dom is inside @shop/shared, not a share').toBeUndefined();
  // Nor is i18n: one i18next instance, with react-i18next, inside @shop/shared (docs/performance.md#what-every-page-loads).
  for (const pkg of ['i18next', 'react-i18next']) expect(scopes[pkg], `${pkg} is inside @shop/shared`).toBeUndefined();
  for (const pkg of ['react', 'react-dom', '@shop/shared']) {
    const byContainer = scopes[pkg] ?? {};
    expect(Object.keys(byContainer).sort(), `${pkg} is in every container's share scope`).toEqual([
      'account',
      'cartCheckout',
      'catalog',
      'levelTest',
      'shell',
    ]);
    const providers = new Set(Object.values(byContainer).flat());
    expect([...providers], `${pkg} comes from exactly one provider`).toHaveLength(1);
    expect([...providers][0]).toMatch(/@shell$/);
  }

  // No remote downloaded its own fallback copy of a singleton: a chunk named react or react-dom plus the 8-character
  // content hash. The one-line facades that re-export the router and react-i18next from @shop/shared
  // (react-router-dom-<hash>.js, react-i18next-<hash>.js) are no copies.
  const remoteCopies = scripts.filter(
    (url) =>
      remoteOrigins.some((origin) => url.startsWith(origin)) &&
      /prebuild__(react|react_mf_2_dom|shop)|\/react(-dom)?-[\w-]{8}\.js$/.test(url),
  );
  expect(remoteCopies).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).toBe(1);
  expect(
    await page.evaluate(() => (globalThis as unknown as { __SHOP_SHARED_LOADS__?: number }).__SHOP_SHARED_LOADS__),
  ).toBe(1);
});

for (const path of ['/courses', '/products-iframe']) {
  test(`${path}: the page starts the first screen's reads before the catalog's code, and each is asked once`, async ({
    page,
  }) => {
    // The catalog's entry is held until its course search has left (at most 5 s): only the page's inline script,
    // which takes the reads from the catalog's manifest in the composition the page carries, can send it that
    // early (docs/performance.md#the-first-screens-path).
    let searchSent!: () => void;
    const search = new Promise<void>((resolve) => (searchSent = resolve));
    let searchBeforeEntry = false;
    await page.route(`${remoteOrigins[0]}/remoteEntry.js`, async (route) => {
      searchBeforeEntry = await Promise.race([
        search.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      await route.continue();
    });
    const reads: string[] = [];
    const manifestReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/remotes.json')) manifestReads.push(url.href);
      if (!url.pathname.startsWith('/api/') || request.method() !== 'GET') return;
      reads.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/course/search') searchSent();
    });

    await page.goto(path);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(searchBeforeEntry, "the course search left before the catalog's entry arrived").toBe(true);
    // Every answer was taken by the screen, so nothing is asked again once it has rendered.
    await page.waitForLoadState('networkidle');
    expect(reads.filter((read, index) => reads.indexOf(read) !== index)).toEqual([]);
    expect(reads).toContain('/api/course/tags');
    // The composition came with the page: nothing waited for remotes.json.
    expect(manifestReads).toEqual([]);
  });
}

test('a remote that is down leaves header, footer and cart badge working, and retry recovers', async ({ page }) => {
  await page.route('http://localhost:5174/**', (route) => route.abort('connectionrefused'));
  await page.goto('/courses');
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Dieser Bereich ist gerade nicht erreichbar');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // The area notice is a screen of its own: checked like every other.
  await expectAccessible(page);

  // Other areas still work while the catalog is down.
  await page.getByRole('link', { name: /^Warenkorb/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warenkorb');
  await page.goBack();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.unroute('http://localhost:5174/**');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("a page's code that failed to load comes back with the retry, which reloads the page", async ({ page }) => {
  // The catalog's entry loads; only the listing page's own chunk fails. React.lazy and the browser's module map
  // both remember that failure, so only a reload can bring the page back
  // (docs/decisions/0059-a-retry-that-reloads-when-the-page-cannot.md).
  const pageChunk = /^http:\/\/localhost:5174\/assets\/CoursesPage-[\w-]+\.js$/;
  await page.route(pageChunk, (route) => route.abort('connectionrefused'));
  await page.goto('/courses');
  await expect(page.getByRole('alert')).toContainText('Dieser Bereich ist gerade nicht erreichbar');
  await expect(page.getByRole('banner')).toBeVisible();

  await page.unroute(pageChunk);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/courses$/);
});

test.describe('a remote that hangs', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let port = 0;

  test.beforeAll(async () => {
    // Accepts connections and never answers.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  test.afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  test('is given up after the manifest timeout; the rest of the shell keeps working', async ({ page }) => {
    // A changed manifest points the shell at another build: here one that never answers.
    const composed = JSON.parse(readFileSync(builtComposition, 'utf8')) as { remotes: Record<string, string> };
    composed.remotes.catalog = `http://127.0.0.1:${port}/remoteEntry.js`;
    await serveComposition(page, { ...composed, timeoutMs: 4000 });
    await page.goto('/courses');
    await expect(page.getByRole('banner')).toBeVisible();
    // Until the timeout, the area's loading notice is on screen.
    await expect(page.getByRole('status').filter({ hasText: 'Bereich wird geladen …' })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole('alert')).toContainText('Dieser Bereich ist gerade nicht erreichbar', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await page.getByRole('link', { name: 'Mein Konto' }).click();
    // The account is protected: a logged-out visitor lands on its login page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  });
});

test('each remote also runs standalone, with its own page and the same routes', async ({ page }) => {
  await page.goto('http://localhost:5174/courses');
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const [url, heading] of [
    ['http://localhost:5175/cart', 'Warenkorb'],
    ['http://localhost:5176/login', 'Anmelden'],
    ['http://localhost:5177/level-test', 'Einstufungstest'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});
