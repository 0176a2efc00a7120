import { expect, test } from '@playwright/test';
import { mailTo, newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import {
  acceptConsents,
  courseItem,
  courseWithPlaces,
  fillBilling,
  freePlaces,
  orderButton,
  seedCart,
} from '../support/checkout.ts';
import { mollieShop, mollieShopUrl } from '../support/mollie.ts';

/**
 * Real payments through Mollie's client, against the fake Mollie API and its hosted page: the second shop of
 * playwright.config.ts (PAYMENT_PROVIDER=mollie). The fake's certificate is self-signed, hence ignoreHTTPSErrors.
 */
test.use({ baseURL: mollieShopUrl, ignoreHTTPSErrors: true });

test('a guest pays by Pay by Bank on Mollie hosted page and comes back through the return page to the confirmation', async ({
  page,
  request,
}) => {
  const course = await courseWithPlaces(request, 1, 1);
  const before = await freePlaces(request, course);
  const email = newEmail('mollie');
  await seedCart(page, [courseItem(course, 1)]);

  await page.goto('/checkout');
  await page
    .getByLabel(/^E-Mail-Adresse/)
    .first()
    .fill(email);
  await fillBilling(page);
  // Mollie's methods, the instant transfer under its current name (no SOFORT).
  const methods = page.getByRole('group', { name: 'Zahlungsart' });
  await expect(methods.getByRole('radio')).toHaveCount(4);
  await expect(methods).not.toContainText('Sofort');
  await methods.getByRole('radio', { name: /Pay by Bank/ }).check();
  await acceptConsents(page);
  await expectAccessible(page);
  await orderButton(page).click();

  // Mollie's hosted page (the fake's), for this order: places are held meanwhile.
  await expect(page).toHaveURL(new RegExp(`^https://127\\.0\\.0\\.1:${mollieShop.fakeMolliePort}/checkout/tr_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Fake Mollie test payment' })).toBeVisible();
  const description = await page.locator('dd').first().textContent();
  const orderNumber = /^Bestellung (\d+)$/.exec(description ?? '')?.[1];
  expect(orderNumber, `description "${description}"`).toBeDefined();
  await expect(page.getByText('paybybank', { exact: true })).toBeVisible();
  expect(await freePlaces(request, course)).toBe(before - 1);

  // "paid": the fake calls the shop's webhook, then sends the browser to the shop's return page.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.getByRole('button', { name: 'paid', exact: true }).click();
  const returnPage = `${mollieShopUrl}/checkout-return/${orderNumber}/${encodeURIComponent(email)}`;
  await expect.poll(() => visited, { message: 'the browser comes back to the shop return page' }).toContain(returnPage);
  // The webhook moved the order to paid: the confirmation mail went out.
  const mail = await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  expect(mail.text).toContain('Zahlungsstatus: bezahlt');

  // The return page asks the API for the order's state and goes on to the confirmation.
  await expect(page).toHaveURL(`${mollieShopUrl}/checkout-complete/${orderNumber}/${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  await expectAccessible(page);
});
