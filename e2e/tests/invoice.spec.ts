import { readFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect, test } from '@playwright/test';
import { verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { addStaff, completeSetup, staffEmail } from '../support/backoffice.ts';
import { courseItem, laterCourseWithPlaces, payAndConfirm, placeOrder, seedCart, signIn } from '../support/checkout.ts';

test.describe.configure({ mode: 'serial' });

/**
 * The invoice of a paid order (docs/decisions/0116-invoices-issued-with-the-payment.md): the customer downloads it
 * from "Meine Bestellungen" as a PDF that carries its EN 16931 data (Factur-X), naming the order.
 */
test('a customer downloads the invoice of a paid order, a PDF with its e-invoice inside', async ({ page, request }) => {
  const customer = await verifiedCustomer(request, 'rechnungskonto');
  await signIn(page, customer.token);
  const course = await laterCourseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page);
  const orderNumber = await payAndConfirm(page);

  await page.goto('/account-order');
  await expect(page.getByRole('heading', { level: 3, name: 'Rechnungen' })).toBeVisible();
  const button = page.getByRole('button', { name: /^Rechnung RE-\d{4}-\d{6} vom \d{2}\.\d{2}\.\d{4} \(PDF\)$/ });
  await expect(button).toHaveCount(1);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rechnung-RE-\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const pdf = await PDFDocument.load(bytes);
  const xml = pdf.getAttachments().find((file) => file.name === 'factur-x.xml');
  expect(xml, 'the embedded factur-x.xml').toBeDefined();
  const text = new TextDecoder().decode(xml!.data);
  expect(text).toContain('<rsm:CrossIndustryInvoice');
  expect(text).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  expect(text).toContain(`<ram:BuyerReference>${orderNumber}</ram:BuyerReference>`);
  expect(text).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
});

test('staff find the invoice in the back office and download its PDF', async ({ page }) => {
  test.slow();
  await completeSetup(page, await addStaff(staffEmail('rechnungen'), 'staff'), 'Backoffice-Passwort-1');
  await page.getByRole('menuitem', { name: 'Rechnungen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechnungen');
  const row = page
    .getByRole('row')
    .filter({ hasText: /RE-\d{4}-\d{6}/ })
    .first();
  await expect(row).toBeVisible();
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'PDF herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rechnung-RE-\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
