import { expect, test } from '@playwright/test';
import { newEmail, mailTo, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import type { ApiCourse } from '../support/catalog.ts';
import {
  acceptConsents,
  answerSandbox,
  courseItem,
  courseWithPlaces,
  fillBilling,
  freePlaces,
  orderButton,
  packageItem,
  placeOrder,
  seedCart,
  signIn,
} from '../support/checkout.ts';

/** Checkout journeys of docs/product-rules.md#checkout: order form, sandbox payments, confirmation mail, orders in the account. */

test('a guest books a course for two, pays on the sandbox, lands on the confirmation and gets the mail', async ({
  page,
  request,
  browser,
}) => {
  const course = await courseWithPlaces(request, 1, 2);
  const before = await freePlaces(request, course);
  const email = newEmail('gast');
  await seedCart(page, [courseItem(course, 2)]);

  await page.goto('/checkout-auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Konto oder Gastbestellung' })).toBeVisible();
  await expect(page.getByText('Als Gast können Sie Pakete nicht automatisch einlösen')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute(
    'href',
    '/register?redirect=/checkout',
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Jetzt anmelden' })).toHaveAttribute('href', '/login?redirect=/checkout');
  await page
    .getByLabel(/^E-Mail-Adresse/)
    .first()
    .fill(email);
  await fillBilling(page);
  // Two places, two blocks; the second is somebody else.
  await expect(page.getByRole('group', { name: /^Platz \d/ })).toHaveCount(2);
  const second = page.getByRole('group', { name: /^Platz 2/ });
  await second.getByLabel('Andere Person als die Rechnungsperson').check();
  await second.getByLabel(/^Vorname/).fill('Jonas');
  await second.getByLabel(/^Nachname/).fill('Weber');
  await second.getByLabel(/^E-Mail-Adresse/).fill('jonas.weber@example.org');
  await page.getByLabel('Anmerkungen').fill('Wir kommen zu zweit.');
  // The first payment method is chosen by itself.
  await expect(page.getByRole('radio').first()).toBeChecked();
  await acceptConsents(page);
  // The VAT note stands in the summary directly above the order button (and in the overview beside the form).
  await expect(
    page
      .getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' })
      .getByText('Alle Preise inklusive gesetzlicher Umsatzsteuer', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
  await orderButton(page).click();

  await answerSandbox(page, 'paid');
  await expect(page).toHaveURL(
    new RegExp(`/checkout-complete/\\d+/${encodeURIComponent(email).replace(/\./g, '\\.')}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jetzt Konto erstellen' })).toHaveAttribute(
    'href',
    `/register?email=${encodeURIComponent(email)}`,
  );
  await expectAccessible(page);
  const orderNumber = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
  // The price list is for the browser that ordered (its order key); another browser with the same link gets the
  // confirmation without it (docs/product-rules.md#the-confirmations-price-list).
  const priceList = (on: typeof page) => on.getByRole('heading', { level: 2, name: 'Ihre Bestellung', exact: true });
  await expect(priceList(page)).toBeVisible();
  const elsewhere = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const other = await elsewhere.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  await expect(other.getByText(`Ihre Bestellung ${orderNumber} ist eingegangen.`)).toBeVisible();
  await expect(priceList(other)).toHaveCount(0);
  await elsewhere.close();

  const mail = await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  expect(mail.text).toContain('Jonas Weber <jonas.weber@example.org>');
  expect(mail.text).toContain('Zahlungsstatus: bezahlt');
  expect(await freePlaces(request, course)).toBe(before - 2);
  // The cart is empty after the order.
  await page.goto('/cart');
  await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
});

test('a cancelled payment returns to /checkout-cancel and frees the places again', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  const before = await freePlaces(request, course);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await page
    .getByLabel(/^E-Mail-Adresse/)
    .first()
    .fill(newEmail('abbruch'));
  await fillBilling(page);
  await acceptConsents(page);
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  expect(await freePlaces(request, course)).toBe(before - 1);
  await answerSandbox(page, 'canceled');
  await expect(page).toHaveURL(/\/checkout-cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung abgebrochen' })).toBeVisible();
  await expectAccessible(page);
  expect(await freePlaces(request, course)).toBe(before);
});

test('a customer buys hours, sees the balance, books a conversation hour for 0 € and finds both orders', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request, 'paket');
  await signIn(page, customer.token);
  const prices = (
    (await (await request.get('/api/course/price-config')).json()) as {
      result: { type: string; amount: number; price: number }[];
    }
  ).result;
  const offer = prices.find((p) => p.type === 'conversation_hours' && p.amount > 1)!;
  await seedCart(page, [packageItem(offer.amount, offer.price)]);

  await page.goto('/checkout');
  const email = page.getByLabel(/^E-Mail-Adresse/).first();
  await expect(email).toHaveValue(customer.email);
  await expect(email).toHaveAttribute('readonly', '');
  await fillBilling(page);
  await acceptConsents(page);
  await expectAccessible(page);
  await orderButton(page).click();
  await answerSandbox(page, 'paid');
  await expect(page).toHaveURL(/\/checkout-complete\//);
  const packageOrder = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;

  // The paid package is credited: the account's side panel lists the hours.
  await page.goto('/account-data');
  await expect(page.getByTestId('balance-conversation')).toHaveText(String(offer.amount));
  await expect(page.getByRole('term').filter({ hasText: 'Konversationsstunden' })).toBeVisible();

  const conversation = await courseWithPlaces(request, 3, 1);
  await page.evaluate(
    (item) =>
      localStorage.setItem('cart', JSON.stringify({ state: { items: [item], timestamp: Date.now() }, version: 1 })),
    courseItem(conversation, 1),
  );
  // The cart of a customer whose hours pay for the line.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('0 €');
  await expectAccessible(page);
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-total')).toHaveText('0 €');
  await expect(page.getByRole('group', { name: 'Zahlungsart' })).toHaveCount(0);
  await fillBilling(page);
  await acceptConsents(page);
  await expectAccessible(page);
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/checkout-complete\/\d+\//);
  const creditOrder = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
  await expect(page.getByRole('link', { name: 'Zu meinen Bestellungen' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/account-order');
  await expect(page.getByText(`Bestellung ${packageOrder}`)).toBeVisible();
  await expect(page.getByText(`Bestellung ${creditOrder}`)).toBeVisible();
  await expectAccessible(page);
});

test('a pending order offers its payment link in /account-order', async ({ page, request }) => {
  const customer = await verifiedCustomer(request, 'offen');
  await signIn(page, customer.token);
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await fillBilling(page);
  await acceptConsents(page);
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  const link = page.url();
  await page.goto('/account-order');
  await expect(
    page
      .getByRole('link', { name: /Zahlung abschließen/ })
      .or(page.getByRole('button', { name: /Zahlung abschließen/ }))
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  const orders = await (
    await request.get('/api/customer/me/orders?limit=20', { headers: { authorization: `Bearer ${customer.token}` } })
  ).json();
  expect(orders.result[0].payments[0].paymentLink).toBe(link);
});

test('every checkout field is validated before anything is sent', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // E-mail, first and last name, street, zip and city; both consents ask to be confirmed.
  await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(6);
  await expect(page.getByText('Bitte bestätigen Sie dies, um zu bestellen.')).toHaveCount(2);
  await page
    .getByLabel(/^E-Mail-Adresse/)
    .first()
    .fill('keine-adresse');
  await page.getByRole('group', { name: 'Rechnungsadresse' }).getByLabel(/^PLZ/).fill('AB12');
  await page
    .getByRole('group', { name: 'Rechnungsadresse' })
    .getByLabel(/^Telefon/)
    .fill('abc');
  await page
    .getByRole('group', { name: 'Rechnungsadresse' })
    .getByLabel(/^Geburtsjahr/)
    .fill('19');
  const place = page.getByRole('group', { name: /^Platz 1/ });
  await place.getByLabel('Andere Person als die Rechnungsperson').check();
  await orderButton(page).click();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible();
  await expect(page.getByText('Die PLZ besteht aus höchstens 5 Ziffern.')).toBeVisible();
  await expect(page.getByText(/gültige Telefonnummer/)).toBeVisible();
  await expect(page.getByText('Bitte geben Sie das Geburtsjahr mit 4 Ziffern an.')).toBeVisible();
  await expect(place.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(3);
  await expect(page.getByLabel('Anmerkungen')).toHaveAttribute('maxlength', '300');
  await expectAccessible(page);
  // Nothing left the browser: the places are all still there.
  expect(await freePlaces(request, course)).toBe(course.freePlaces);
});

test('an empty cart has no checkout; the mail preview renders the confirmation', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL('http://localhost:5173/');
  // A preview the server cannot give now: the alert.
  const preview = '**/api/orders/confirmation-preview?**';
  await page.route(preview, (route) => route.fulfill({ status: 503 }));
  await page.goto('/emailorder');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
  await page.unroute(preview);
  await page.goto('/emailorder');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorschau der Bestellbestätigung' })).toBeVisible();
  await expect(page.getByText('Ihre Bestellung 100042')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Bestellbestätigung mit Beispieldaten"]');
  await expect(frame.getByText('Bestellnummer')).toBeVisible();
  // The whole mail shows with the page's scrolling: the frame is as tall as the mail, which has no scrollbar.
  const frameElement = page.locator('iframe[title="Bestellbestätigung mit Beispieldaten"]');
  await expect
    .poll(() =>
      frameElement.evaluate((element: HTMLIFrameElement) => {
        const mail = element.contentDocument!.documentElement;
        return mail.scrollHeight - element.clientHeight;
      }),
    )
    .toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test("the early-start box's error shows with the other fields' errors", async ({ page, request }) => {
  // A course that begins within the 14 days of the withdrawal period asks for the express early-start request.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/Berlin',
  });
  const search = await request.get('/api/course/search?type=1&limit=100');
  const courses = ((await search.json()) as { result: { items: (ApiCourse & { registrationDeadline: string })[] } })
    .result.items;
  const course = courses.find((c) => c.freePlaces >= 1 && c.startDate <= soon && c.registrationDeadline >= today);
  expect(course, 'the seed has a group course starting within the withdrawal period').toBeDefined();
  await seedCart(page, [courseItem(course!, 1)]);
  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Kursbeginn in der Widerrufsfrist' })).toBeVisible();
  await orderButton(page).click();
  await expect(page.getByText('Bitte füllen Sie dieses Feld aus.').first()).toBeVisible();
  await expect(
    page.getByText('Bitte bestätigen Sie, dass der Kurs schon vor Ende der Widerrufsfrist beginnen soll.'),
  ).toBeVisible();
  await expect(page.getByLabel(/Ich möchte, dass der Kurs schon vor Ende/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('an order the server cannot take now shows the notice and keeps the form', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await page.route('**/api/cart/submit', (route) => route.fulfill({ status: 503 }));
  await placeOrder(page, { email: newEmail('spaeter') });
  await expect(page.getByTestId('submit-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectAccessible(page);
});
