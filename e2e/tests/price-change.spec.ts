import { expect, test } from '@playwright/test';
import { mailTo, newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { euro } from '../support/catalog.ts';
import {
  acceptConsents,
  answerSandbox,
  courseItem,
  courseWithPlaces,
  fillBilling,
  orderButton,
  seedCart,
} from '../support/checkout.ts';

/**
 * The buyer is never charged a total other than the one shown: a code used up between pricing and the order
 * (here the once-per-customer WILLKOMMEN10, spent by a second client with the same address) stops the order
 * with the fresh price and why; the next click orders at that price.
 */
test('a code used up before the order is clicked: the buyer sees the new total and why, confirms, and is charged that', async ({
  page,
  request,
}) => {
  // Two places: one for the second client's order, one for the buyer's.
  const course = await courseWithPlaces(request, 1, 2);
  const fullPrice = course.discountedPrice ?? course.price;
  const withCode = Math.round(fullPrice * 90) / 100;
  const email = newEmail('preis');
  await seedCart(page, [courseItem(course, 1)]);

  await page.goto('/checkout');
  await page
    .getByLabel(/^E-Mail-Adresse/)
    .first()
    .fill(email);
  await fillBilling(page);
  await page.getByLabel('Gutscheincode').fill('willkommen10');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(euro(withCode));
  await acceptConsents(page);

  // Meanwhile a second client orders with the same address and the same code.
  const elsewhere = await request.post('/api/cart/submit', {
    data: {
      courses: [
        {
          courseId: course.id,
          courseType: course.type,
          quantity: 1,
          participants: [{ firstname: 'Ana', lastname: 'García', email }],
        },
      ],
      discountCodes: ['WILLKOMMEN10'],
      expectedTotalPrice: withCode,
      billingAddress: {
        firstname: 'Ana',
        lastname: 'García',
        addressLine1: 'Hauptstraße 1',
        city: 'Berlin',
        zip: '10115',
        country: 'DE',
      },
      selectedPaymentMethod: 'creditcard',
      emailAddress: email,
      // The course may start within the withdrawal period: the checkout asks for this request.
      earlyStartRequested: true,
    },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await orderButton(page).click();
  const notice = page.getByTestId('price-change-notice');
  await expect(notice.getByRole('alert')).toContainText('Der Preis Ihrer Bestellung hat sich geändert');
  await expect(notice).toContainText(
    'Der Rabattcode WILLKOMMEN10 kann nicht mehr eingelöst werden: Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
  );
  await expect(notice).toContainText(`Neuer Gesamtpreis: ${euro(fullPrice)} (bisher ${euro(withCode)})`);
  await expect(page.getByTestId('cart-total')).toHaveText(euro(fullPrice));
  await expect(page.getByText('WILLKOMMEN10 (ungültig)')).toBeVisible();
  // Still on the form, with everything typed.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel(/^E-Mail-Adresse/).first()).toHaveValue(email);
  await expect(page.getByLabel(/Ich akzeptiere die AGB/)).toBeChecked();
  await expectAccessible(page);

  // Confirmed at the new total: that is what the provider is asked for and what the order says.
  await orderButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  await expect(page.locator('body')).toContainText(
    new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(fullPrice),
  );
  await answerSandbox(page, 'paid');
  await expect(page).toHaveURL(/\/checkout-complete\//);
  const orderNumber = /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
  const mail = await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  expect(mail.text).toMatch(new RegExp(`Gesamtsumme: ${euro(fullPrice).replace(/\s/g, '\\s')}`));
});
