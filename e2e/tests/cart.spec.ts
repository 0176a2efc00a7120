import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { cards, euro, germanTitle, searchAll, waitForListing, type ApiCourse } from '../support/catalog.ts';

/** Cart journeys of docs/product-rules.md#cart: prices from the server, codes, packages, adjustments, transfer and tabs. */

const lines = (page: Page) => page.getByTestId('cart-line');
const total = (page: Page) => page.getByTestId('cart-total');

async function addFirstCard(page: Page, path: string) {
  await page.goto(path);
  await waitForListing(page);
  const card = cards(page).first();
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!;
  await card.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  return title;
}

/** A stored cart (as the store writes it) with `quantity` places of `course`. */
function storedCart(course: ApiCourse, quantity: number) {
  return JSON.stringify({
    state: {
      items: [
        {
          id: `line-${course.id}`,
          itemType: 'course',
          quantity,
          courseId: course.id,
          courseType: course.type,
          courseDetails: course,
        },
      ],
      timestamp: Date.now(),
    },
    version: 1,
  });
}

test('items from the listings, quantities, a valid and an invalid code, all priced by the server', async ({
  page,
  request,
}) => {
  const courseTitle = await addFirstCard(page, '/courses');
  const courseLine = lines(page).filter({ hasText: courseTitle });
  await expect(courseLine).toContainText('1 Platz');
  const productTitle = await addFirstCard(page, '/products');
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Weitere Angebote ansehen' })).toHaveAttribute('href', '/products');

  const products = await searchAll<ApiCourse>(request, '/api/product/search', '');
  const product = products.find((p) => germanTitle(p) === productTitle)!;
  // The first card of /courses is the first group course the search gives (as in slice.spec.ts).
  const first = (
    (await (await request.get('/api/course/search?type=1&limit=1')).json()) as { result: { items: ApiCourse[] } }
  ).result.items[0]!;
  expect(germanTitle(first)).toBe(courseTitle);
  const coursePrice = first.discountedPrice ?? first.price;
  const productPrice = product.discountedPrice ?? product.price;
  await expect(total(page)).toHaveText(euro(coursePrice + productPrice));

  await courseLine.getByRole('button', { name: `Anzahl für ${courseTitle} erhöhen` }).click();
  await expect(courseLine).toContainText('2 Plätze');
  await expect(total(page)).toHaveText(euro(2 * coursePrice + productPrice));
  await courseLine.getByRole('button', { name: `Anzahl für ${courseTitle} verringern` }).click();
  await expect(courseLine).toContainText('1 Platz');
  await expect(courseLine.getByRole('button', { name: `Anzahl für ${courseTitle} verringern` })).toBeDisabled();
  await expect(total(page)).toHaveText(euro(coursePrice + productPrice));

  const codeBox = page.getByLabel('Gutscheincode', { exact: true });
  await codeBox.fill(' willkommen10 ');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  const subtotalCents = Math.round((coursePrice + productPrice) * 100);
  const discount = Math.round(subtotalCents * 0.1) / 100;
  await expect(page.getByTestId('cart-discount')).toContainText('Gutschein WILLKOMMEN10');
  await expect(page.getByTestId('cart-discount')).toContainText(`−${euro(discount)}`);
  await expect(total(page)).toHaveText(euro((subtotalCents - Math.round(subtotalCents * 0.1)) / 100));
  await expect(page.getByTestId('discount-tag')).toHaveText(/WILLKOMMEN10 \(gültig\)/);

  await codeBox.fill('abgelaufen');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText('Dieser Gutscheincode ist abgelaufen.')).toBeVisible();
  await expect(page.getByTestId('discount-tag').filter({ hasText: 'ABGELAUFEN' })).toHaveText(/ungültig/);
  await expect(page.getByTestId('cart-discount')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Zur Kasse' })).toHaveAttribute('href', '/checkout-auth');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
  await expect(page.getByText('Bildungsleistungen sind nach § 4 Nr. 21 UStG umsatzsteuerfrei')).toBeVisible();
  await expectAccessible(page);

  // Removing the last places empties the cart, which says so and links to the listings.
  await lines(page)
    .filter({ hasText: productTitle })
    .getByRole('button', { name: `${productTitle} aus dem Warenkorb entfernen` })
    .click();
  await expect(page.getByRole('main').getByTestId('cart-removal-announcement')).toHaveText(
    `„${productTitle}“ wurde aus dem Warenkorb entfernt.`,
  );
  await expect(lines(page)).toHaveCount(1);
  await expectAccessible(page);
  await courseLine.getByRole('button', { name: `${courseTitle} aus dem Warenkorb entfernen` }).click();
  await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Flexibles Lernen' }).last()).toHaveAttribute('href', '/modular-course');
  await expectAccessible(page);
});

test('a conversation hour gets package offers; choosing one adds it, choosing it again removes it', async ({
  page,
}) => {
  const title = await addFirstCard(page, '/courses?courseType=3');
  await expect(lines(page)).toHaveCount(1);
  await expect(total(page)).toHaveText('25 €');
  const offers = page.getByRole('group', { name: 'Lieber gleich ein Paket?' });
  await expect(offers.getByRole('radio')).toHaveCount(3);
  const five = offers.getByRole('radio', { name: /5 Konversationsstunden für 115 €/ });
  await five.check();
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(1).getByRole('heading', { level: 2 })).toHaveText('5 Konversationsstunden');
  await expect(page.getByTestId('package-warning')).toContainText('12 Monate ab Kauf gültig');
  await expect(total(page)).toHaveText('140 €');
  await expectAccessible(page);

  // Another offer replaces the package; the same one again clears it.
  await offers.getByRole('radio', { name: /10 Konversationsstunden/ }).check();
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(1).getByRole('heading', { level: 2 })).toHaveText('10 Konversationsstunden');
  await offers.getByRole('radio', { name: /10 Konversationsstunden/ }).click();
  await expect(lines(page)).toHaveCount(1);
  await expect(offers.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(lines(page).first().getByRole('heading', { level: 2 })).toHaveText(title);
});

test('a course with fewer free places than wanted is cut to what is left, with a dismissible warning', async ({
  page,
  request,
}) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const course = (
    await searchAll<ApiCourse & { registrationDeadline: string }>(request, '/api/course/search', 'type=1')
  ).find((c) => c.freePlaces >= 2 && c.freePlaces <= 4 && c.registrationDeadline >= today)!;
  expect(course, 'the seed has a nearly full group course').toBeDefined();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('cart', value), storedCart(course, 5));
  await page.goto('/cart');
  const notice = page.getByTestId('adjustment-notice');
  await expect(notice).toContainText(
    `Die Anzahl für „${germanTitle(course)}“ wurde angepasst: Nur ${course.freePlaces} Plätze verfügbar, angefragt: 5.`,
  );
  await expect(lines(page)).toContainText(`${course.freePlaces} Plätze`);
  await expect(total(page)).toHaveText(euro(course.freePlaces * (course.discountedPrice ?? course.price)));
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(notice).toHaveCount(0);
});

test('a cartSync link carries the cart to another browser and leaves the address', async ({ page, browser }) => {
  const title = await addFirstCard(page, '/courses');
  await page.getByRole('button', { name: 'Warenkorb auf einem anderen Gerät öffnen' }).click();
  const link = await page.getByTestId('cart-transfer-link').inputValue();
  expect(link).toMatch(/^http:\/\/localhost:5173\/cart\?cartSync=[A-Za-z0-9_-]{22}$/);
  await expectAccessible(page);

  const other = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(lines(otherPage)).toHaveCount(1);
    await expect(lines(otherPage).getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(otherPage).toHaveURL('http://localhost:5173/cart');
    await expect(otherPage.getByTestId('cart-count')).toHaveText('1');
  } finally {
    await other.close();
  }
});

test('two tabs stay in step when quantities change', async ({ context }) => {
  const first = await context.newPage();
  const title = await addFirstCard(first, '/courses');
  const second = await context.newPage();
  await second.goto('/cart');
  await expect(lines(second)).toHaveCount(1);
  await first.getByRole('button', { name: `Anzahl für ${title} erhöhen` }).click();
  await expect(lines(second)).toContainText('2 Plätze');
  await expect(second.getByTestId('cart-count')).toHaveText('2');
  await second.getByRole('button', { name: `${title} aus dem Warenkorb entfernen` }).click();
  await expect(first.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
  await expect(first.getByTestId('cart-count')).toHaveText('0');
});

test('a price the server cannot give now shows the alert', async ({ page, request }) => {
  const course = (await searchAll<ApiCourse>(request, '/api/course/search', 'type=1')).find((c) => c.freePlaces >= 1)!;
  await page.route('**/api/cart/calculate-price', (route) => route.fulfill({ status: 503 }));
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('cart', value), storedCart(course, 1));
  await page.goto('/cart');
  await expect(lines(page)).toHaveCount(1);
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});
