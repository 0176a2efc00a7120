import { expect, test } from '@playwright/test';
import { withShopDatabase } from '../support/database.ts';
import { verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';

/**
 * Journeys before this one may hold the first course's places in orders still waiting for payment (held for
 * PAYMENT_HOLD_SECONDS); this journey is about the cart, not about availability, so the first card gets its places
 * back. The cache of course-search answers lives at most 5 s.
 */
async function givePlacesBack(courseId: number) {
  withShopDatabase((db) => db.prepare('update course set free_places = max_participants where id = ?').run(courseId));
  await new Promise((resolve) => setTimeout(resolve, 5_100));
}

interface ApiCourse {
  id: number;
  titles: { language: string; description: string }[];
  price: number;
  discountedPrice: number | null;
  startDate: string;
}

const euro = (amount: number) =>
  new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

test('a seeded course goes from /courses into the cart, shows in the badge, and survives a reload', async ({
  page,
  request,
}) => {
  const search = await request.get('/api/course/search?type=1&limit=1');
  expect(search.ok()).toBe(true);
  const [course] = ((await search.json()) as { result: { items: ApiCourse[] } }).result.items;
  expect(course, 'the seed has group courses').toBeDefined();
  await givePlacesBack(course!.id);
  const title = course!.titles.find((t) => t.language === 'de')!.description;
  const price = course!.discountedPrice ?? course!.price;

  await page.goto('/courses');
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(card).toContainText(course!.startDate.split('-').reverse().join('.'));
  await expect(card).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} Uhr/);
  await expect(card.locator('.catalog-card__tag')).toHaveText(/^(A1|A2|B1|B2|C1|C2)$/);
  await expect(card.locator('.catalog-card__price strong')).toHaveText(euro(price));
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const assertCart = async () => {
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(line).toContainText(euro(price));
    await expect(page.getByTestId('cart-total')).toHaveText(euro(price));
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  };
  await assertCart();
  await expectAccessible(page);

  await page.reload();
  await assertCart();

  // The same course again is one line with two places; the badge counts places.
  await page.goto('/courses');
  await page.getByRole('article').first().getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-line')).toContainText('2 Plätze');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('the cart is shared by open tabs', async ({ context, request }) => {
  const search = await request.get('/api/course/search?type=1&limit=1');
  await givePlacesBack(((await search.json()) as { result: { items: ApiCourse[] } }).result.items[0]!.id);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/cart');
  await second.goto('/courses');
  await expect(first.getByTestId('cart-count')).toHaveText('0');
  await second.getByRole('article').first().getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(second.getByTestId('cart-count')).toHaveText('1');
  await expect(first.getByTestId('cart-count')).toHaveText('1');
  await expect(first.getByTestId('cart-line')).toHaveCount(1);
});

test('home, header and footer lead where docs/product-rules.md#screens says', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Zur Website der Sprachschule' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  const footer = page.getByRole('contentinfo');
  for (const name of ['Impressum', 'Datenschutz', 'AGB', 'Kontakt', 'Widerrufsbelehrung']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https?:\/\//);
  }
  await header.getByRole('link', { name: 'Mein Konto' }).click();
  // The account is protected: a logged-out visitor is asked to log in first.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await expectAccessible(page);
});

test('unknown paths redirect to /account-data', async ({ page, request }) => {
  const { token } = await verifiedCustomer(request, 'unbekannt');
  await page.goto(`/gibt-es-nicht?customerToken=${token}`);
  await expect(page).toHaveURL(/\/account-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten');
});

test('every path of docs/product-rules.md#screens is served by its area', async ({ page }) => {
  const paths: [string, string][] = [
    ['/products', 'Prüfungsvorbereitung & Einzelangebote'],
    ['/modular-course', 'Flexibles Lernen'],
    ['/checkout-auth', 'Konto oder Gastbestellung'],
    // No such order: the confirmation is only for an order the server knows with this address.
    ['/checkout-complete/1001/anna%40example.org', 'Bestellung nicht gefunden'],
    ['/login', 'Anmelden'],
    ['/register', 'Registrieren'],
    ['/level-test', 'Einstufungstest'],
    ['/level-test/B1', 'Einstufungstest B1'],
    ['/einstufung', 'Einstufungstest'],
  ];
  for (const [path, heading] of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
  await expect(page).toHaveURL(/\/level-test$/);
});

test('hideHeader and hideFooter hide the frame and stay in force while navigating', async ({ page }) => {
  await page.goto('/courses?hideHeader=true&hideFooter=true');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByRole('article').first().getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the home page without course starts says so', async ({ page }) => {
  await page.route('**/api/course/search**', (route) =>
    route.fulfill({ json: { result: { items: [], total: 0, page: 1, limit: 100 } } }),
  );
  await page.goto('/');
  await expect(page.getByText('Zurzeit sind keine Kursstarts geplant', { exact: false })).toBeVisible();
  await expectAccessible(page);
});
