import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkIn, mailTo, newEmail, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { courseWithPlaces, paidOrderByApi, signIn } from '../support/checkout.ts';
import type { ApiCourse } from '../support/catalog.ts';

/** A paid order of one place of each course, placed through the API as the checkout sends it. */
const paidOrder = (request: APIRequestContext, courses: ApiCourse[], buyer: { email?: string; token?: string }) =>
  paidOrderByApi(request, { courses, ...buyer, participantEmail: 'ana.garcia@example.org' });

test('a guest withdraws through the footer control, reads the receipt in the dev outbox and confirms by its link', async ({
  page,
  request,
}) => {
  const email = newEmail('widerruf');
  const incrementId = await paidOrder(request, [await courseWithPlaces(request, 1, 1)], { email });

  await page.goto('/courses');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vertrag widerrufen');
  await expectAccessible(page);

  await page.getByLabel(/^Name/).fill('Ana García');
  await page.getByLabel(/^Bestellnummer/).fill(incrementId);
  await page.getByLabel(/^E-Mail-Adresse für die Eingangsbestätigung/).fill(email);
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  // Not logged in: received at once, carried out once the order's address confirms (docs/withdrawal-rules.md).
  const receipt = page.getByRole('region', { name: 'Eingangsbestätigung' });
  await expect(receipt.getByRole('status')).toContainText('Ihr Widerruf ist eingegangen');
  await expect(receipt.getByRole('status')).toContainText(`an ${email} geschrieben, wie es weitergeht`);
  await expect(receipt.getByText(/sofort wirksam/)).toBeVisible();
  const receiptNumber = (await receipt.locator('dd').first().textContent())!;
  const receivedAt = (await receipt.locator('dd').nth(1).textContent())!;
  await expectAccessible(page);

  const mail = await mailTo(request, email, /Eingangsbestätigung Ihres Widerrufs/);
  expect(mail.text).toContain(`Eingangsnummer: ${receiptNumber}`);
  expect(mail.text).toContain(`Eingegangen am: ${receivedAt}`);
  expect(mail.text).toContain(`Bestellnummer: ${incrementId}`);

  const link = linkIn(mail);
  expect(link.pathname).toBe('/withdrawal-confirm');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widerruf bestätigen');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Widerruf jetzt bestätigen' }).click();
  const confirmed = page.getByRole('region', { name: 'Eingangsbestätigung' });
  await expect(confirmed.getByRole('status')).toContainText('Der Widerruf ist wirksam');
  // The declaration's receipt, with its receipt time: the period is judged on the declaration, not the click.
  await expect(confirmed.locator('dd').first()).toHaveText(receiptNumber);
  await expect(confirmed.locator('dd').nth(1)).toHaveText(receivedAt);
  await expectAccessible(page);

  // The link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Widerruf jetzt bestätigen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dieser Link wurde bereits verwendet' })).toBeVisible();
  await expectAccessible(page);

  // The order's confirmation page now says it is withdrawn.
  await page.goto(`/checkout-complete/${incrementId}/${encodeURIComponent(email)}`);
  await expect(page.getByText(`Bestellung ${incrementId}: widerrufen.`)).toBeVisible();
  await expectAccessible(page);
});

test('a customer withdraws one position of an order; the account shows it partly withdrawn', async ({
  page,
  request,
}) => {
  const { token } = await verifiedCustomer(request, 'teilwiderruf');
  const [first, second] = [await courseWithPlaces(request, 1, 1), await courseWithPlaces(request, 3, 1)];
  const incrementId = await paidOrder(request, [first!, second!], { token });
  await signIn(page, token);

  await page.goto('/account-order');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await page.getByLabel('Ihre Bestellungen').selectOption(incrementId);
  const positions = page.getByRole('group', { name: 'Positionen' });
  await expect(positions.getByRole('checkbox')).toHaveCount(2);
  await positions.getByRole('checkbox').first().check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.getByRole('region', { name: 'Eingangsbestätigung' }).getByRole('status')).toContainText(
    'Der Widerruf ist wirksam',
  );

  await page.goto('/account-order');
  await expect(page.getByText('Teilweise widerrufen')).toBeVisible();
  await expectAccessible(page);
});
