import { expect, test } from '@playwright/test';
import { mailTo, newEmail, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import {
  answerSandbox,
  courseItem,
  courseWithPlaces,
  decideSandbox,
  freePlaces,
  placeOrder,
  recordUrls,
  seedCart,
  signIn,
} from '../support/checkout.ts';

/**
 * After the payment: the provider sends the buyer to the return page, which asks for the order's state and goes
 * on to the confirmation, waits, or puts the cart back for another try; the confirmation shows only real orders.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('paying on the sandbox comes back through the return page to the confirmation', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  const email = newEmail('rueckkehr');
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page, { email });
  const urls = recordUrls(page);
  await answerSandbox(page, 'paid');

  await expect(page).toHaveURL(new RegExp(`/checkout-complete/\\d+/${escape(encodeURIComponent(email))}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  const orderNumber = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
  // The provider's redirect went to the return page, which moved on by itself.
  expect(
    urls.some((url) => new URL(url).pathname === `/checkout-return/${orderNumber}/${encodeURIComponent(email)}`),
  ).toBe(true);
  await expectAccessible(page);
  await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  // Paid: nothing is kept for a retry.
  expect(await page.evaluate(() => localStorage.getItem('cart:submitted'))).toBeNull();
});

test('while the payment is open the return page waits, checks again, and moves on when it is paid', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request, 'wartet');
  await signIn(page, customer.token);
  const course = await courseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page);
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  const orders = await (
    await request.get('/api/customer/me/orders?limit=1', { headers: { authorization: `Bearer ${customer.token}` } })
  ).json();
  const { incrementId, payments } = orders.result[0] as { incrementId: string; payments: { paymentLink: string }[] };

  // Back at the shop before the provider has decided (as after a redirect that beats the webhook).
  const returnPath = `/checkout-return/${incrementId}/${encodeURIComponent(customer.email)}`;
  await page.goto(returnPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung wird geprüft' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Bestellung ${incrementId}` })).toContainText(
    'prüft alle paar Sekunden erneut',
  );
  await expectAccessible(page);
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(new RegExp(`${escape(returnPath)}$`));

  await decideSandbox(request, payments[0]!.paymentLink, 'paid');
  await expect(page).toHaveURL(new RegExp(`/checkout-complete/${incrementId}/`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
});

test('a canceled payment puts the cart and its code back; trying again books and pays', async ({ page, request }) => {
  const course = await courseWithPlaces(request, 1, 1);
  const before = await freePlaces(request, course);
  const email = newEmail('nochmal');
  await seedCart(page, [courseItem(course, 1)]);

  // A code entered in the cart travels with the cart through the checkout (in memory, no reload).
  await page.goto('/cart');
  await page.getByLabel('Gutscheincode', { exact: true }).fill('SOMMER25');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('cart-discount')).toContainText('Gutschein SOMMER25');
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-discount')).toContainText('Gutschein SOMMER25');
  await placeOrder(page, { email });
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  expect(await freePlaces(request, course)).toBe(before - 1);

  await answerSandbox(page, 'canceled');
  await expect(page).toHaveURL(/\/checkout-cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung abgebrochen' })).toBeVisible();
  await expect(page.getByText('Ihr Warenkorb ist wieder da (1 Artikel).', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Warenkorb ansehen' })).toHaveAttribute('href', '/cart');
  await expectAccessible(page);
  // The cancelled order gave its place back.
  expect(await freePlaces(request, course)).toBe(before);

  await page.getByRole('link', { name: 'Erneut versuchen' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('group', { name: /^Platz \d/ })).toHaveCount(1);
  await expect(page.getByTestId('cart-discount')).toContainText('Gutschein SOMMER25');
  await placeOrder(page, { email });
  await answerSandbox(page, 'paid');
  await expect(page).toHaveURL(/\/checkout-complete\/\d+\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  const orderNumber = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
  const mail = await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  expect(mail.text).toMatch(/Gutschein SOMMER25: −25\s€/);
  expect(await freePlaces(request, course)).toBe(before - 1);
  await page.goto('/cart');
  await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
});

test('/checkout-complete for an order that does not exist says so and confirms nothing', async ({ page }) => {
  await page.goto('/checkout-complete/999999/anyone@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kontaktieren Sie uns' })).toHaveAttribute('href', /kontakt$/);
  await expect(page.getByText('Vielen Dank für Ihre Bestellung')).toHaveCount(0);
  await expectAccessible(page);
});
