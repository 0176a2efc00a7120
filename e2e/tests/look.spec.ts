import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { cards, waitForListing } from '../support/catalog.ts';
import { courseItem, courseWithPlaces, seedCart } from '../support/checkout.ts';
import { withShopDatabase } from '../support/database.ts';

/** The phone widths the shop must fit without sideways scrolling (WCAG 1.4.10 asks for 320 CSS px). */
const phoneWidths = [320, 360, 390] as const;

/** Every screen a visitor can reach without an account (account paths lead to the login). */
const routes = [
  '/',
  '/courses',
  '/courses?courseType=3',
  '/modular-course',
  '/products',
  '/products-iframe',
  '/cart',
  '/checkout-auth',
  '/checkout',
  '/checkout-cancel',
  '/emailorder',
  '/login',
  '/register',
  '/password-reset',
  '/verify-email-waiting?email=ana%40example.org',
  '/account-data',
  '/level-test',
];

/** How far the page can be scrolled sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Start dates of the cards as yyyy-MM-dd (the first fact of a card is its start, dd.MM.yyyy). */
async function cardDates(page: Page) {
  const texts = await cards(page).locator('.catalog-card__facts dd:first-of-type').allTextContents();
  return texts.map((text) => text.trim().split('.').reverse().join('-'));
}

/** The cards fully inside the slider's visible area, by position: column by column (left to right), top down. */
async function firstScreen(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector('.catalog-slider .swiper')!.getBoundingClientRect();
    return [...document.querySelectorAll('.catalog-slider article')]
      .map((card, index) => ({ index, box: card.getBoundingClientRect() }))
      .filter(({ box }) => box.left >= frame.left - 1 && box.right <= frame.right + 1)
      .sort((a, b) => Math.round(a.box.top - b.box.top) || a.box.left - b.box.left)
      .map(({ index, box }) => ({ index, left: Math.round(box.left), top: box.top, bottom: box.bottom }));
  });
}

test('no route scrolls sideways at 320, 360 or 390 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  for (const route of routes) {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    for (const width of phoneWidths) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => sidewaysOverflow(page), `${route} at ${width} px`).toBe(0);
    }
  }
});

// The route sweep above sees each page as it opens; these parts come only with more in the cart or after a click.
test('the checkout summary of two places fits 320 px (a line’s price goes under its name)', async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 2);
  await seedCart(page, [courseItem(course, 2)]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-total')).not.toHaveText('–');
  await expect(page.getByTestId('line-list').first()).toContainText('2 ×');
  await expect.poll(() => sidewaysOverflow(page), 'the checkout summary with 2 places').toBe(0);
});

test('the cart transfer link with its copy button fits 320 px', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Warenkorb auf einem anderen Gerät öffnen' }).click();
  await expect(page.getByTestId('cart-transfer-link')).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page), 'the cart transfer link and its copy button').toBe(0);
});

test('a code of the most characters a code may have (20) fits 320 px in the cart, refused as unknown', async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/cart');
  await page.getByLabel('Gutscheincode', { exact: true }).fill('SOMMERAKTION2026ABCD');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('discount-tag')).toHaveText(/SOMMERAKTION2026ABCD \(ungültig\)/);
  await expect.poll(() => sidewaysOverflow(page), 'the refused code and its reason').toBe(0);
});

// No seeded code has 20 characters (api/src/db/seed/discount-codes.ts), so the journey writes one: wide letters, the
// most a code may have (discount_code_length_check), valid, so the summary shows its row 'Gutschein <code>'.
const longValidCode = 'WWWWWWMMMMMMWWWWWWMM';

test('a valid code of 20 characters fits 320 px in the cart’s and the checkout’s price summary', async ({
  page,
  request,
}) => {
  withShopDatabase((db) =>
    db.prepare('insert or ignore into discount_code (code, percent_off) values (?, 10)').run(longValidCode),
  );
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/cart');
  await page.getByLabel('Gutscheincode', { exact: true }).fill(longValidCode);
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('cart-discount')).toContainText(`Gutschein ${longValidCode}`);
  await expect.poll(() => sidewaysOverflow(page), 'the cart summary’s code row').toBe(0);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-discount')).toContainText(`Gutschein ${longValidCode}`);
  await expect.poll(() => sidewaysOverflow(page), 'the checkout summary’s code row').toBe(0);
});

test('listings follow the start date: the first screen holds the earliest courses, row by row', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/courses?courseType=3');
    await waitForListing(page);
    const dates = await cardDates(page);
    expect(dates, 'the cards come in start-date order').toEqual([...dates].sort());
    const visible = await firstScreen(page);
    // Two rows: the first screen shows the earliest cards, and reading each row left to right, then the next row,
    // follows the date (docs/decisions/0128-listing-state-in-the-url.md).
    expect(
      visible.map((card) => card.index),
      `first screen at ${width} px`,
    ).toEqual(visible.map((_, index) => index));
    expect(visible.length).toBe(Math.min(width >= 1140 ? 6 : 2, dates.length));
    const columns = visible.length / 2;
    const [first, under] = [visible[0]!, visible[columns]!];
    expect(under.left, 'two rows: the first card of the second row sits under the first').toBe(first.left);
    // The rows are 15 px apart (docs/product-rules.md#limits), and the second row starts at one height in every column.
    expect(Math.round(under.top - first.bottom), `space between the rows at ${width} px`).toBe(15);
    const secondRowTops = visible.slice(columns).map((card) => Math.round(card.top));
    expect(new Set(secondRowTops).size, `the second row lines up at ${width} px`).toBe(1);
  }
});

test('on a phone the filter opens as a sheet whose apply button stays in view; it passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/courses');
  await waitForListing(page);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const apply = page.getByRole('button', { name: /Filter anwenden/ });
  await expect(apply).toBeInViewport();
  await page.getByRole('group', { name: 'Niveau', exact: true }).getByRole('checkbox', { name: 'A1' }).check();
  await expect(apply).toBeInViewport();
  await expectAccessible(page);
  await apply.click();
  await expect(page.getByRole('dialog', { name: 'Kurse filtern' })).toBeHidden();
});

test('home sells: the promise, the placement test first, every offer, the next courses; the header offers them on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const next = await request.get('/api/course/search?type=1&limit=1');
  const first = ((await next.json()) as { result: { items: { startDate: string }[] } }).result.items[0]!;
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Spanisch lernen');
  await expect(main.getByRole('link').first()).toHaveText('Einstufungstest starten');
  for (const offer of [
    'Gruppenkurse',
    'Konversationsstunden',
    'Flexibles Lernen',
    'Prüfungsvorbereitung & Einzelangebote',
    'Pakete',
  ]) {
    await expect(main.getByRole('heading', { name: offer, level: 3 })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'Konversationsstunden' })).toHaveAttribute(
    'href',
    '/courses?courseType=3',
  );
  await expect(main.locator('time').first()).toHaveAttribute('datetime', first.startDate);
  await expect(page.getByRole('region', { name: 'Darauf können Sie sich verlassen' })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 320, height: 640 });
  const menu = page.getByRole('button', { name: 'Menü' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Angebote' }).getByRole('link', { name: 'Konversation' }).click();
  await expect(page).toHaveURL(/\/courses\?courseType=3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konversationsstunden');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('the cart keeps total and "Zur Kasse" in reach on a phone and stops "+" at the free places', async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 1);
  const few = { ...course, freePlaces: 2 };
  await seedCart(page, [courseItem(few, 2)]);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: /erhöhen$/ })).toBeDisabled();
  const proceed = page.getByRole('link', { name: 'Zur Kasse' });
  await expect(proceed).toHaveCount(1);
  await expect(proceed).toBeInViewport();
  // The test shop's bar (two lines on a phone) covers none of it.
  const bar = page.getByTestId('test-shop-notice');
  await expect(bar).toBeVisible();
  const bottom = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.y + box.height;
  };
  expect(await bottom(proceed), '"Zur Kasse" ends above the test shop\'s bar').toBeLessThanOrEqual(
    (await bar.boundingBox())!.y,
  );
  await expectAccessible(page);
});

test('the empty cart leads to every kind of course, conversation hours included', async ({ page }) => {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Konversationsstunden' }).click();
  await expect(page).toHaveURL(/\/courses\?courseType=3$/);
});

/** Left edges of the header's logo, the page's first heading and the footer's first control, in CSS px. */
async function contentEdges(page: Page) {
  const left = async (locator: Locator) => Math.round((await locator.boundingBox())!.x);
  return {
    header: await left(page.locator('.shell-header__logo')),
    // Visible ones only: the shell keeps an empty live region at the top of main for a login link's notice
    // (docs/decisions/0077-login-links.md), which has no box of its own to align.
    page: await left(
      page
        .getByRole('main')
        .locator('h1, [role="status"], [role="alert"], .shop-banner')
        .filter({ visible: true })
        .first(),
    ),
    footer: await left(page.getByRole('contentinfo').getByRole('link').first()),
  };
}

test('header, every area’s page, the area notice and the footer share one content edge; a phone’s header is two rows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of ['/', '/courses', '/products', '/cart', '/checkout', '/level-test']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const edges = await contentEdges(page);
      expect(edges, `${route} at ${width} px`).toEqual({
        header: edges.header,
        page: edges.header,
        footer: edges.header,
      });
    }
  }

  // An area that cannot be loaded: its notice sits where the page would.
  await page.route(/localhost:5174\//, (route) => route.abort());
  await page.goto('/products');
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  const edges = await contentEdges(page);
  expect(edges, 'the notice of an area that is down').toEqual({
    header: edges.header,
    page: edges.header,
    footer: edges.header,
  });
  await page.unrouteAll();

  // At 390 px the logo has the first row; the tools and the menu button share the second.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const top = async (locator: Locator) => Math.round((await locator.boundingBox())!.y);
  const logo = await top(page.locator('.shell-header__logo'));
  const cart = await top(page.getByRole('link', { name: /Warenkorb/ }));
  const menu = await top(page.getByRole('button', { name: 'Menü' }));
  expect(cart, 'the tools start a row below the logo').toBeGreaterThan(logo);
  expect(menu, 'the menu button is on the tools’ row').toBe(cart);

  // Where the tools and the button do not fit side by side (320 px), the button takes a row of its own: their tap
  // areas never overlap.
  await page.setViewportSize({ width: 320, height: 800 });
  const cartBox = (await page.getByRole('link', { name: /Warenkorb/ }).boundingBox())!;
  const menuBox = (await page.getByRole('button', { name: 'Menü' }).boundingBox())!;
  const apart =
    menuBox.x >= cartBox.x + cartBox.width ||
    menuBox.y >= cartBox.y + cartBox.height ||
    menuBox.x + menuBox.width <= cartBox.x;
  expect(apart, `menu ${JSON.stringify(menuBox)}, cart ${JSON.stringify(cartBox)}`).toBe(true);
});
