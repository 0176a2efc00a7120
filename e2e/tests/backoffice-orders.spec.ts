import { expect, test, type Page } from '@playwright/test';
import { newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { answerSandbox, courseItem, laterCourseWithPlaces, placeOrder, seedCart } from '../support/checkout.ts';
import { addStaff, completeSetup, staffEmail } from '../support/backoffice.ts';

/**
 * Orders in the back office (docs/backoffice.md#orders): a guest's paid order appears in the order list, found by
 * its buyer's address; its detail shows the payment and the confirmation mail; a participant's name is corrected
 * (the buyer is mailed); the course's participant list shows the learner and downloads as CSV with a BOM; the
 * failed mails and the retention periods open. Every new screen is checked with axe.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page, name: string | RegExp) => page.getByRole('menuitem', { name });

test('a paid order appears in the back office and its participant list exports as CSV', async ({ page, request }) => {
  test.slow();
  // A guest books one place and pays in the sandbox.
  const course = await laterCourseWithPlaces(request, 1, 1);
  const buyer = newEmail('bo-bestellung');
  const shop = await page.context().newPage();
  await seedCart(shop, [courseItem(course, 1)]);
  await shop.goto('http://localhost:5173/checkout');
  await placeOrder(shop, { email: buyer });
  await answerSandbox(shop, 'paid');
  await expect(shop).toHaveURL(/\/checkout-complete\//);
  await shop.close();

  await completeSetup(page, await addStaff(staffEmail('buero'), 'staff'), 'Backoffice-Passwort-1');

  // The list finds it by the buyer's address.
  await menu(page, 'Bestellungen').click();
  await expect(heading(page)).toHaveText('Bestellungen');
  await expectAccessible(page);
  await page.getByPlaceholder('Nummer, Name oder E-Mail').fill(buyer);
  const row = page.getByRole('row').filter({ hasText: buyer });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Bezahlt');
  await expect(row).toContainText('Ana García');

  // The detail: payment with the sandbox's id, the confirmation mail, the participant.
  await row.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Zahlungen' })).toBeVisible();
  await expect(page.getByText(/^sbx_/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Ihre Bestellung \d+$/ })).toBeVisible();
  await expectAccessible(page);

  // Correct the participant's last name: the dialog checks the address first, then saves and mails the buyer.
  await page.getByRole('button', { name: 'Berichtigen' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-Mail').fill('keine-adresse');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte eine gültige E-Mail-Adresse angeben')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('E-Mail').fill(buyer);
  await dialog.getByLabel('Nachname').fill('Gómez-Müller');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert; die Käuferin oder der Käufer wird per E-Mail informiert')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Gómez-Müller', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'updateOrderParticipant' })).toBeVisible();
  await expect
    .poll(async () => {
      const response = await request.get(`http://localhost:5173/api/dev/mailbox?to=${encodeURIComponent(buyer)}`);
      const mails = ((await response.json()) as { result: { subject: string }[] }).result;
      return mails.some((mail) => mail.subject.startsWith('Angaben zu Teilnehmenden geändert'));
    })
    .toBe(true);

  // The course's participants: the learner booked, a CSV with a BOM, a printable page.
  await page.getByRole('link', { name: 'Teilnehmende' }).first().click();
  await expect(heading(page)).toContainText('Teilnehmende');
  await expect(page.getByRole('cell', { name: 'Gómez-Müller', exact: true })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^teilnehmende-.+\.csv$/);
  const bytes = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(bytes as Buffer[]);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8')).toContain(';Gómez-Müller;');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Gómez-Müller', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Failed mails and the retention periods open, read-only but for the retry.
  await menu(page, 'Fehlgeschlagene E-Mails').click();
  await expect(heading(page)).toHaveText('Fehlgeschlagene E-Mails');
  await expectAccessible(page);
  await menu(page, 'Aufbewahrungsfristen').click();
  await expect(heading(page)).toHaveText('Aufbewahrungsfristen');
  await expect(page.locator('tr[data-kind="orders"]')).toContainText('10 Kalenderjahre');
  await expectAccessible(page);
});
