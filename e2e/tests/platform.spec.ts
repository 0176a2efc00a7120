import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughForm, password, storedToken, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { cards } from '../support/catalog.ts';
import { expectTitledByHeading, mainHeading, navigateInShop, siteName } from '../support/navigation.ts';
import { closeServers, framingPage, servePartner } from '../support/partner.ts';

/** docs/architecture.md#platform: language, session, global query parameters, framing, and the accessible frame, across areas. */

const sampleValues: Record<string, string> = { orderId: '100001', email: 'anna%40example.org', level: 'A1' };
const withSampleValues = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => sampleValues[name] ?? name);
const composedPaths = () => {
  const composed = JSON.parse(readFileSync(new URL('../../shell/dist/remotes.json', import.meta.url), 'utf8')) as {
    areas: Record<string, { paths: string[] }>;
  };
  return Object.values(composed.areas).flatMap((area) => area.paths);
};

const greeting = (page: Page) => page.getByRole('heading', { name: 'Hallo, A. Muster!' });
const noSession = { local: null, session: null };

test.describe('language', () => {
  test('the switcher changes every area at once, sets <html lang>, and is remembered', async ({ page }) => {
    await page.goto('/courses');
    await expect(mainHeading(page)).toHaveText('Gruppenkurse');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expect(mainHeading(page)).toHaveText('Group courses');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`Group courses – ${siteName}`);
    await expect(page.getByRole('link', { name: 'Imprint' })).toBeVisible();
    for (const [path, heading] of [
      ['/cart', 'Cart'],
      ['/login', 'Log in'],
      ['/level-test', 'Placement test'],
      ['/', 'Learn Spanish – live, personal and in small groups'],
    ] as const) {
      await navigateInShop(page, path);
      await expect(mainHeading(page)).toHaveText(heading);
    }

    await page.reload();
    await expect(mainHeading(page)).toHaveText('Learn Spanish – live, personal and in small groups');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await navigateInShop(page, '/courses');
    await expect(mainHeading(page)).toHaveText('Cursos en grupo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test.describe('with a Spanish browser', () => {
    test.use({ locale: 'es-ES' });

    test('a stored value that looks like script injection is ignored; bundled texts when the API is down', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('language', '"><img src=x onerror="window.injected=1">');
          sessionStorage.setItem('seeded', '1');
        }
      });
      await page.route('**/api/translation/*', (route) => route.abort('connectionrefused'));
      await page.goto('/courses');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(mainHeading(page)).toHaveText('Cursos en grupo');
      await expect(cards(page).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
      expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
      // No raw key anywhere on the page.
      expect(await page.locator('body').innerText()).not.toMatch(
        /\b(common|shell|catalog|account|levelTest|cartCheckout)\.[a-zA-Z]/,
      );
    });
  });
});

test.describe('global query parameters', () => {
  const expectChrome = async (
    page: Page,
    { header, footer, filter }: { header: boolean; footer: boolean; filter: boolean },
  ) => {
    await expect(page.getByRole('banner')).toHaveCount(header ? 1 : 0);
    await expect(page.getByRole('contentinfo')).toHaveCount(footer ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toHaveCount(filter ? 1 : 0);
  };

  test('hideHeader, hideFooter and hideFilter each hide their part, and stay in force while navigating', async ({
    page,
  }) => {
    for (const [query, shown] of [
      ['hideHeader=true', { header: false, footer: true, filter: true }],
      ['hideFooter=true', { header: true, footer: false, filter: true }],
      ['hideFilter=true', { header: true, footer: true, filter: false }],
      ['hideHeader=1&hideFooter=yes', { header: true, footer: true, filter: true }],
    ] as const) {
      await page.goto(`/courses?${query}`);
      await expect(cards(page).first()).toBeVisible();
      await expectChrome(page, shown);
    }

    await page.goto('/level-test?hideHeader=true&hideFooter=true&hideFilter=true');
    await expect(mainHeading(page)).toHaveText('Einstufungstest');
    await navigateInShop(page, '/courses');
    await expect(cards(page).first()).toBeVisible();
    await expectChrome(page, { header: false, footer: false, filter: false });
    await navigateInShop(page, '/login');
    await expect(mainHeading(page)).toHaveText('Anmelden');
    await expectChrome(page, { header: false, footer: false, filter: false });

    // A new visit without them shows everything again.
    await page.goto('/courses');
    await expect(cards(page).first()).toBeVisible();
    await expectChrome(page, { header: true, footer: true, filter: true });
  });

  test('customerToken and cartSync are read once and leave the address', async ({ page, request }) => {
    const { token } = await verifiedCustomer(request, 'query');
    await page.goto(`/courses?courseType=1&customerToken=${token}`);
    await expect(page).toHaveURL(/\/courses\?courseType=1$/);
    expect(await storedToken(page)).toEqual({ local: null, session: token });
    await page.getByRole('banner').getByRole('link', { name: 'Mein Konto' }).click();
    await expect(greeting(page)).toBeVisible();

    const search = await request.get('/api/course/search?type=1&limit=1');
    type Course = { id: number; type: number; titles: { language: string; description: string }[] };
    const course = ((await search.json()) as { result: { items: Course[] } }).result.items[0]!;
    // The link's writer chose the details it carries; the cart shows the catalogue's (record 0070).
    const forged = 'Bitte überweisen Sie den Betrag an IBAN DE00 0000';
    const cart = {
      items: [
        {
          id: 'partner-1',
          itemType: 'course',
          quantity: 1,
          courseId: course.id,
          courseType: course.type,
          courseDetails: { ...course, titles: [{ language: 'de', description: forged }] },
        },
      ],
      timestamp: Date.now(),
    };
    await page.goto(`/cart?cartSync=${Buffer.from(JSON.stringify(cart)).toString('base64url')}`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const title = course.titles.find((text) => text.language === 'de')!.description;
    await expect(page.getByRole('main').getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(forged)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });
});

test.describe('session across tabs and areas', () => {
  test('a login in one tab is seen by the other; a logout in one logs out the other', async ({
    context,
    page,
    request,
  }) => {
    const { email } = await verifiedCustomer(request, 'tabs');
    const other = await context.newPage();
    await other.goto('/courses');
    await expect(cards(other).first()).toBeVisible();

    await page.goto('/login');
    await logInThroughForm(page, email, password);
    await expect(greeting(page)).toBeVisible();
    const { session } = await storedToken(page);
    expect(session).toBeTruthy();
    await expect.poll(async () => (await storedToken(other)).session).toBe(session);
    await other.getByRole('banner').getByRole('link', { name: 'Mein Konto' }).click();
    await expect(greeting(other)).toBeVisible();

    await other.getByRole('button', { name: 'Abmelden' }).click();
    await expect(other).toHaveURL('http://localhost:5173/');
    await expect(page).toHaveURL('http://localhost:5173/');
    await expect(mainHeading(page)).toHaveText('Spanisch lernen – live, persönlich und in kleinen Gruppen');
    expect(await storedToken(page)).toEqual(noSession);
    await page.getByRole('banner').getByRole('link', { name: 'Mein Konto' }).click();
    await expect(mainHeading(page)).toHaveText('Anmelden');
  });

  test('a 401 from the API ends the session and goes home', async ({ page, request }) => {
    const { token } = await verifiedCustomer(request, 'revoked');
    await page.goto(`/account-data?customerToken=${token}`);
    await expect(greeting(page)).toBeVisible();
    // The session ends on the server (expired, or revoked elsewhere); the next call answers 401.
    const revoked = await request.post('/api/customer/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.ok(), await revoked.text()).toBe(true);
    await page.getByRole('link', { name: 'Bestellungen' }).click();
    await expect(page).toHaveURL('http://localhost:5173/');
    await expect(mainHeading(page)).toHaveText('Spanisch lernen – live, persönlich und in kleinen Gruppen');
    expect(await storedToken(page)).toEqual(noSession);
  });
});

test.describe('framing', () => {
  const partnerPort = 5180;
  const strangerPort = 5181;
  const pages = { '/': framingPage('http://localhost:5173/courses?hideHeader=true&hideFooter=true') };
  let servers: Server[] = [];
  test.beforeAll(async () => {
    servers = await Promise.all([servePartner(partnerPort, pages), servePartner(strangerPort, pages)]);
  });
  test.afterAll(() => closeServers(servers));

  const heightsOf = (page: Page) =>
    page.evaluate(() => (window as unknown as { heights: { height: number; path: string }[] }).heights);

  test('every framed page reports its height to a partner as its content grows, also after navigating in the frame', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`http://localhost:${partnerPort}/`);
    const frame = page.frameLocator('#shop');
    await expect(frame.getByRole('article').first()).toBeVisible();
    await expect.poll(async () => (await heightsOf(page)).at(-1)?.height ?? 0).toBeGreaterThan(400);
    const settled = (await heightsOf(page)).at(-1)!;
    expect(settled.path).toBe('/courses');
    await frame.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(async () => (await heightsOf(page)).at(-1)!.height).toBeGreaterThan(settled.height);

    // Inside the frame the visitor moves on; the new page reports too, still without header and footer.
    await page.frame({ url: /localhost:5173/ })!.evaluate(() => {
      history.pushState({}, '', '/level-test');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Einstufungstest');
    await expect.poll(async () => (await heightsOf(page)).at(-1)!.path).toBe('/level-test');
    await expect(frame.getByRole('banner')).toHaveCount(0);
    // The frame takes the height last reported, read afresh on each poll: while the page loads it reports a
    // shorter height first, so a value read once could be outdated by the time the frame has followed.
    await expect
      .poll(async () => (await page.locator('#shop').boundingBox())!.height - (await heightsOf(page)).at(-1)!.height)
      .toBe(0);
  });

  test('a page that is not a configured partner cannot frame the shop', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    await page.goto(`http://localhost:${strangerPort}/`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    expect(await heightsOf(page)).toEqual([]);
    await expect(page.frameLocator('#shop').getByRole('heading', { name: 'Gruppenkurse' })).toHaveCount(0);
  });

  test('every static server and the API send the frame policy and the hardening headers', async ({ request }) => {
    for (const url of [5173, 5174, 5175, 5176, 5177]
      .map((port) => `http://localhost:${port}/`)
      .concat('http://localhost:5174/remoteEntry.js', 'http://127.0.0.1:3000/api/health')) {
      const headers = (await request.get(url)).headers();
      expect(headers['content-security-policy'], url).toContain(
        "frame-ancestors 'self' http://localhost:5173 http://localhost:5180;",
      );
      expect(headers['content-security-policy'], url).not.toContain('5181');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});

test.describe('accessible frame', () => {
  test('skip link, visible focus, focus on the new page heading after navigation, titles, cart badge announced', async ({
    page,
  }) => {
    // Arriving on a page that redirects (an account page asks for the login) is still the first page: the heading
    // the redirect shows is not focused, so no focus ring greets the visitor.
    await page.goto('/account-order');
    await expect(mainHeading(page)).toHaveText('Anmelden');
    await expect(page).toHaveTitle(`Anmelden – ${siteName}`);
    await expect(mainHeading(page)).not.toBeFocused();

    await page.goto('/');
    await expect(page).toHaveTitle(`Spanisch lernen – live, persönlich und in kleinen Gruppen – ${siteName}`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const outline = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(await outline(skip)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    // The next Tab reaches the first link of the page's content, drawn with a visible focus ring.
    await page.keyboard.press('Tab');
    const firstInMain = page.locator('#main a').first();
    await expect(firstInMain).toBeFocused();
    expect(await outline(firstInMain)).not.toBe('none');
    // The home page's offer entry for group courses, followed by keyboard.
    const groupCourses = page.locator('#main').getByRole('link', { name: 'Gruppenkurse', exact: true });
    await groupCourses.focus();
    await page.keyboard.press('Enter');
    await expect(mainHeading(page)).toHaveText('Gruppenkurse');
    await expect(mainHeading(page)).toBeFocused();
    await expect(page).toHaveTitle(`Gruppenkurse – ${siteName}`);

    // Adding to the cart moves to /cart: its heading gets focus, and the new count is announced.
    const announcement = page.getByTestId('cart-announcement');
    await expect(announcement).toHaveAttribute('aria-live', 'polite');
    await expect(announcement).toHaveText('');
    await cards(page).first().getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(mainHeading(page)).toBeFocused();
    await expect(page).toHaveTitle(`Warenkorb – ${siteName}`);
    await expect(announcement).toHaveText('Warenkorb aktualisiert: 1 Artikel');
  });

  test('every route has a title from its heading, and axe-core finds no violation in the shell’s parts', async ({
    page,
  }) => {
    // One visit and one axe run per path every area declares: the list grows with the areas.
    test.setTimeout(240_000);
    // Every path the areas declare (their manifests, composed into the build's remotes.json), with sample values.
    const routes = ['/', ...composedPaths().map(withSampleValues), '/unknown-path'];
    for (const path of routes) {
      await page.goto(path);
      await expectTitledByHeading(page);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectAccessible(page, { exclude: ['#main > *'] });
    }
  });
});
