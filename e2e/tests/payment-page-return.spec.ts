import { expect, test, type Page } from '@playwright/test';
import { newEmail, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import {
  acceptConsents,
  answerSandbox,
  courseItem,
  freePlaces,
  laterCourseWithPlaces,
  orderButton,
  payAndConfirm,
  placeOrder,
  seedCart,
  signIn,
} from '../support/checkout.ts';

/**
 * Leaving the payment page without paying loses nothing: back at the checkout the cart and the form are as typed,
 * and the buyer chooses to continue the payment of the waiting order or to change the order, which gives its
 * places back at once. A failed payment reads as a failure, with another method to choose.
 */

const choice = (page: Page) => page.getByRole('region', { name: /wartet auf die Zahlung/ });

test('a guest who presses Back on the payment page finds the cart and the form, and can continue the payment', async ({
  page,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 2);
  const before = await freePlaces(request, course);
  const email = newEmail('zurueck');
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await page.getByLabel('Anmerkungen').fill('Bitte mit Rechnung');
  await placeOrder(page, { email });
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  const paymentPage = page.url();
  expect(await freePlaces(request, course)).toBe(before - 1);

  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  const region = choice(page);
  await expect(region.getByRole('heading', { level: 2 })).toHaveText(/^Ihre Bestellung \d+ wartet auf die Zahlung$/);
  await expect(region.getByRole('heading', { level: 2 })).toBeFocused();
  // The cart and the form as typed.
  await expect(page.getByRole('complementary').getByRole('listitem').first()).toContainText('1 ×');
  await expect(page.getByLabel(/^E-Mail-Adresse/).first()).toHaveValue(email);
  await expect(page.getByLabel(/^Vorname/)).toHaveValue('Ana');
  await expect(page.getByLabel('Anmerkungen')).toHaveValue('Bitte mit Rechnung');
  // No second order while the first waits: the choice comes first.
  await expect(orderButton(page)).toBeDisabled();
  await expectAccessible(page);

  await region.getByRole('button', { name: 'Zahlung fortsetzen' }).click();
  await expect(page).toHaveURL(paymentPage);
  // On the way back to the payment the cart is emptied again, as at the order.
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  await payAndConfirm(page);
  expect(await freePlaces(request, course)).toBe(before - 1);
  // Paid: the cart is empty, nothing is kept.
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{"state":{"items":[]}}').state.items),
  ).toEqual([]);
});

test('“Zurück zum Shop” on the payment page leads to the checkout; changing the order frees its places at once', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request, 'aendern');
  await signIn(page, customer.token);
  const course = await laterCourseWithPlaces(request, 1, 2);
  const before = await freePlaces(request, course);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page);
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  expect(await freePlaces(request, course)).toBe(before - 1);

  await page.getByRole('link', { name: 'Zurück zum Shop' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const region = choice(page);
  await expect(region).toBeVisible();
  await expect(page.getByLabel(/^Straße und Hausnummer/)).toHaveValue('Hauptstraße 1');
  await region.getByRole('button', { name: 'Bestellung ändern' }).click();
  await expect(page.getByTestId('waiting-order-notice')).toContainText(
    'ist storniert und ihre Plätze sind freigegeben',
  );
  await expect(region).toHaveCount(0);
  expect(await freePlaces(request, course)).toBe(before);
  // The cart is there to change, and the order can be placed anew.
  await expect(orderButton(page)).toBeEnabled();
  await acceptConsents(page);
  await orderButton(page).click();
  await payAndConfirm(page);
  expect(await freePlaces(request, course)).toBe(before - 1);
});

test('a failed payment says it failed and offers another method; a canceled one reads as a cancellation', async ({
  page,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 2);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page, { email: newEmail('fehlschlag') });
  await answerSandbox(page, 'failed');
  await expect(page).toHaveURL(/\/checkout-cancel$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung fehlgeschlagen');
  await expect(page.getByRole('alert')).toContainText('Bitte wählen Sie eine andere Zahlungsart.');
  await page.getByRole('link', { name: 'Andere Zahlungsart wählen' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel(/^Vorname/)).toHaveValue('Ana');

  await acceptConsents(page);
  await orderButton(page).click();
  await answerSandbox(page, 'canceled');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung abgebrochen');
  await expect(page.getByRole('link', { name: 'Erneut versuchen' })).toBeVisible();
});
