import { expect, test } from '@playwright/test';
import { linkIn, mailTo, newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import {
  answerSandbox,
  courseItem,
  freePlaces,
  laterCourseWithPlaces,
  placeOrder,
  seedCart,
} from '../support/checkout.ts';

/**
 * docs/decisions/0127-the-order-mail-leads-back-to-the-payment.md: a guest who closed the payment page reaches the waiting order from the order-received mail, on
 * another device too: continue the payment, or change the order (its places are free at once). The link works only
 * while the order waits, and its key does not stay in the address bar.
 */

const receivedMail = (number: string) => new RegExp(`^Bestellung ${number} eingegangen – Zahlung noch offen$`);

test('ein Gast setzt die Zahlung über den Link der Bestell-E-Mail auf einem anderen Gerät fort', async ({
  page,
  browser,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 2);
  const email = newEmail('mailzahlung');
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page, { email });
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  const paymentPage = page.url();
  const number = /"orderId":"(\d+)"/.exec(
    (await page.evaluate(() => localStorage.getItem('cart:submitted'))) ?? '',
  )?.[1];
  expect(number, 'the order number kept with the submitted cart').toBeDefined();
  await page.close();

  // The tab is closed; the mail leads back, here in a fresh browser (another device: no cart, no key).
  const mail = await mailTo(request, email, receivedMail(number!));
  expect(mail.text).toContain('setzen Sie die Zahlung fort oder ändern die Bestellung');
  const link = linkIn(mail);
  expect(link.pathname).toBe('/checkout-pending');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  await other.goto(link.pathname + link.search);
  const region = other.getByRole('region', { name: `Ihre Bestellung ${number} wartet auf die Zahlung` });
  await expect(region).toBeVisible();
  await expect(region).toContainText('Zu zahlen:');
  await expect(other).toHaveURL(/\/checkout-pending\?order=\d+&email=[^&]+$/);
  await expectAccessible(other);
  await region.getByRole('button', { name: 'Zahlung fortsetzen' }).click();
  await expect(other).toHaveURL(paymentPage);
  await answerSandbox(other, 'paid');
  await expect(other.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();

  // Paid, the link leads to the confirmation, not to a payment any more.
  await other.goto(link.pathname + link.search);
  await expect(other).toHaveURL(new RegExp(`/checkout-complete/${number}/`));
  await phone.close();
});

test('über den Link der Bestell-E-Mail ändert ein Gast die Bestellung: die Plätze sind sofort frei', async ({
  page,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 2);
  const before = await freePlaces(request, course);
  const email = newEmail('mailaendern');
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page, { email });
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  expect(await freePlaces(request, course)).toBe(before - 1);
  const mail = await mailTo(request, email, /eingegangen – Zahlung noch offen$/);
  const link = linkIn(mail);

  // Another browser: the choice of this page, then the places come back at once.
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await other.goto(link.pathname + link.search);
  await other.getByRole('button', { name: 'Bestellung ändern' }).click();
  await expect(other.getByTestId('pending-order-notice')).toContainText(
    'ist storniert und ihre Plätze sind freigegeben',
  );
  await expect(other.getByTestId('pending-order-notice')).toBeFocused();
  await expectAccessible(other);
  expect(await freePlaces(request, course)).toBe(before);

  // The link no longer leads to a payment.
  await other.goto(link.pathname + link.search);
  await expect(other.getByTestId('pending-order-notice')).toContainText('wartet nicht mehr auf eine Zahlung');
  await context.close();
});
