import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newEmail, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { type ApiCourse, waitForListing } from '../support/catalog.ts';
import { courseWithPlaces, freePlaces, sandboxButton, signIn } from '../support/checkout.ts';
import { withShopDatabase } from '../support/database.ts';
import { mainHeading, navigateInShop } from '../support/navigation.ts';

/** Going live, development side: the test-shop notice, the sandbox's page, and payment holds that run out. */

const notice = (page: Page) => page.getByTestId('test-shop-notice');

/** An order for one place of `course`, as the checkout sends it, paid with the first method offered. */
async function submitOrder(
  request: APIRequestContext,
  course: ApiCourse,
  { locale = 'de', email, token }: { locale?: string; email?: string; token?: string },
) {
  const priced = await request.post('/api/cart/calculate-price', {
    data: { courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }], locale },
  });
  const { paymentMethods, totalPrice } = (
    (await priced.json()) as { result: { paymentMethods: { id: string }[]; totalPrice: number } }
  ).result;
  const method = paymentMethods[0]!.id;
  const response = await request.post('/api/cart/submit', {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: {
      courses: [
        {
          courseId: course.id,
          courseType: course.type,
          quantity: 1,
          participants: [{ firstname: 'Ana', lastname: 'García', email: 'ana.garcia@example.org' }],
        },
      ],
      billingAddress: {
        firstname: 'Ana',
        lastname: 'García',
        addressLine1: 'Hauptstraße 1',
        city: 'Berlin',
        zip: '10115',
        country: 'DE',
      },
      selectedPaymentMethod: method,
      expectedTotalPrice: totalPrice,
      // Courses early in the catalogue start within the withdrawal period: the checkout asks for this request.
      earlyStartRequested: true,
      locale,
      ...(email ? { emailAddress: email } : {}),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { incrementId: string; paymentLink: string } }).result;
}

test.describe('test-shop notice', () => {
  test('every page says, in its language, that this is a test shop; its arrival moves nothing', async ({ page }) => {
    // Every layout shift of the page, as the browser reports it.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The mode answers only when the journey lets it, long after the page has painted.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/shop/mode', async (route) => {
      await answered;
      await route.continue();
    });

    await page.goto('/courses');
    await expect(mainHeading(page)).toHaveText('Gruppenkurse');
    await waitForListing(page);
    await expect(notice(page)).toHaveCount(0);
    await page.waitForTimeout(500);
    const shiftsBefore = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length);
    const headingBefore = await mainHeading(page).boundingBox();
    const footerBefore = await page.getByRole('contentinfo').boundingBox();

    answer();
    await expect(notice(page)).toHaveText('Dies ist ein Testshop: Es werden keine echten Zahlungen ausgeführt.');
    await expect(page.getByRole('complementary', { name: 'Testbetrieb' })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length)).toBe(shiftsBefore);
    expect(await mainHeading(page).boundingBox()).toEqual(headingBefore);
    expect(await page.getByRole('contentinfo').boundingBox()).toEqual(footerBefore);
    // A slim bar at the bottom of the viewport; scrolled to the end, the footer stays above it.
    const bar = (await notice(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(bar.height).toBeLessThanOrEqual(40);
    expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual((await notice(page).boundingBox())!.y + 1);
    await expectAccessible(page);

    for (const path of ['/cart', '/login', '/level-test', '/']) {
      await navigateInShop(page, path);
      await expect(mainHeading(page)).toBeVisible();
      await expect(notice(page)).toBeVisible();
    }
    const language = page.getByRole('combobox', { name: 'Sprache' });
    await language.selectOption('en');
    await expect(page.getByRole('complementary', { name: 'Test mode' })).toHaveText(
      'This is a test shop: no real payments are taken.',
    );
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('complementary', { name: 'Modo de prueba' })).toHaveText(
      'Esta es una tienda de prueba: no se realiza ningún pago real.',
    );
    await expectAccessible(page);
  });

  test('a shop in production mode shows no notice', async ({ page }) => {
    await page.route('**/api/shop/mode', (route) => route.fulfill({ json: { result: { mode: 'production' } } }));
    const asked = page.waitForResponse('**/api/shop/mode');
    await page.goto('/courses');
    await asked;
    await expect(mainHeading(page)).toHaveText('Gruppenkurse');
    await page.waitForTimeout(300);
    await expect(notice(page)).toHaveCount(0);
  });
});

test("the sandbox's page speaks the order's language, looks like the shop and marks every button as a test", async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 1);
  const before = await freePlaces(request, course);
  const { paymentLink, incrementId } = await submitOrder(request, course, { locale: 'es', email: newEmail('pago') });
  const violations: string[] = [];
  page.on(
    'console',
    (message) => message.text().includes('Content Security Policy') && violations.push(message.text()),
  );

  await page.goto(paymentLink);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Pago de prueba' })).toBeVisible();
  await expect(page.getByText('Esta es una tienda de prueba')).toBeVisible();
  await expect(page.getByText(incrementId)).toBeVisible();
  for (const [outcome, label] of [
    ['paid', 'Pago de prueba: pagado'],
    ['failed', 'Pago de prueba: fallido'],
    ['canceled', 'Pago de prueba: cancelado'],
    ['expired', 'Pago de prueba: caducado'],
  ] as const) {
    await expect(sandboxButton(page, outcome)).toHaveAccessibleName(label);
  }
  // The shop's colours, font and radius reach the page (its only style is allowed by the page's own policy).
  const paid = page.getByRole('button', { name: 'Pago de prueba: pagado' });
  expect(await paid.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(179, 38, 30)');
  expect(await paid.evaluate((button) => getComputedStyle(button).borderRadius)).toBe('8px');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
  await expectAccessible(page);
  expect(violations).toEqual([]);

  await page.getByRole('button', { name: 'Pago de prueba: cancelado' }).click();
  await expect(page).toHaveURL(/\/checkout-cancel$/);
  expect(await freePlaces(request, course)).toBe(before);
});

test('an order whose payment hold ran out reads "expired" in the account, with no payment button', async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 1);
  const before = await freePlaces(request, course);
  const customer = await verifiedCustomer(request, 'frist');
  const { incrementId } = await submitOrder(request, course, { token: customer.token });
  expect(await freePlaces(request, course)).toBe(before - 1);

  await signIn(page, customer.token);
  await page.goto('/account-order');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Bestellung ${incrementId}` }) });
  await expect(card.getByTestId('order-status')).toHaveText('Ausstehend');
  await expect(card.getByRole('link', { name: /Zahlung abschließen/ })).toBeVisible();
  await expect(card.getByText(/^Zahlbar bis \d\d\.\d\d\.\d{4} \d\d:\d\d Uhr$/)).toBeVisible();

  // Waiting out the real 30 minutes is no journey: the hold's end is moved into the past in the API's database.
  withShopDatabase((db) =>
    db
      .prepare('update shop_order set hold_expires_at = ? where increment_id = ?')
      .run(new Date(Date.now() - 1000).toISOString(), incrementId),
  );
  // The API's sweep (every 5 s) cancels the order and gives its place back, with no webhook at all.
  await expect
    .poll(() => freePlaces(request, course), { timeout: 20_000, message: 'the place given back by the sweep' })
    .toBe(before);
  const orders = await request.get('/api/customer/me/orders', {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  const order = (
    (await orders.json()) as { result: { incrementId: string; status: string; cancelReason: string | null }[] }
  ).result.find((o) => o.incrementId === incrementId);
  expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });

  await page.reload();
  await expect(card.getByTestId('order-status')).toHaveText('Abgelaufen');
  await expect(card.getByText('Die Zahlungsfrist ist abgelaufen.', { exact: false })).toBeVisible();
  await expect(card.getByRole('link', { name: /Zahlung abschließen/ })).toHaveCount(0);
  await expect(page.getByText(/ist noch offen/)).toHaveCount(0);
  await expectAccessible(page);
});
