import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailTo, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { addStaff, completeSetup, staffEmail } from '../support/backoffice.ts';
import { decideSandbox, laterCourseWithPlaces, orderByApi } from '../support/checkout.ts';
import { withShopDatabase } from '../support/database.ts';

/**
 * Cases and refunds in the back office (docs/backoffice.md#cases): a buyer pays after the order's hold ended, the
 * shop keeps the money as a case, and the owner refunds it from the case queue; the buyer's refund mail is in the
 * dev outbox. The notice settings page names where the school's notices go.
 */

/** A customer's order of one place, placed through the API as the checkout sends it, waiting for its payment. */
async function unpaidOrder(request: APIRequestContext, email: string, token: string) {
  return orderByApi(request, {
    courses: [await laterCourseWithPlaces(request, 1, 1)],
    email,
    token,
    buyer: { firstname: 'Lena', lastname: 'Spätzahlerin' },
    earlyStartRequested: false,
    extra: { products: [], packages: [], locale: 'de' },
  });
}

const orderStatus = (incrementId: string) =>
  withShopDatabase(
    (db) =>
      (db.prepare('select status from shop_order where increment_id = ?').get(incrementId) as { status: string })
        .status,
  );

/** The buyer's order card on `/account-order` (logged in by the link's token, as the account's mails do). */
async function buyersOrderCard(page: Page, token: string, incrementId: string) {
  await page.goto(`/account-order?customerToken=${token}`);
  const card = page.getByRole('article').filter({ hasText: `Bestellung ${incrementId}` });
  await expect(card).toBeVisible();
  return card;
}

test('a payment after the hold ended becomes a case, and the owner refunds it; the buyer is mailed', async ({
  page,
  request,
}) => {
  test.slow();
  const { email: buyer, token } = await verifiedCustomer(request, 'spaetzahlung');
  const { incrementId, paymentLink, totalPrice } = await unpaidOrder(request, buyer, token);
  // Waiting out the real 30 minutes is no journey: the hold's end is moved into the past in the API's database,
  // and the API's sweep (every 5 s) cancels the order.
  withShopDatabase((db) =>
    db
      .prepare('update shop_order set hold_expires_at = ? where increment_id = ?')
      .run(new Date(Date.now() - 1000).toISOString(), incrementId),
  );
  await expect.poll(() => orderStatus(incrementId), { timeout: 20_000 }).toBe('cancelled');
  // The buyer pays all the same on the provider's page.
  await decideSandbox(request, paymentLink, 'paid');
  // As the shop writes money (formatCents), on its pages, in the back office and in mails: no ",00" for whole euros.
  const inMail = totalPrice.toFixed(2).replace('.', ',').replace(/,00$/, '');
  const shown = `${inMail}\u00a0€`;

  // The buyer's pages say what happened: paid too late, places not kept, the school refunds it. Not "failed".
  await page.goto(`/checkout-return/${incrementId}/${encodeURIComponent(buyer)}`);
  await expect(page).toHaveURL(/\/checkout-cancel$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung nach Ablauf der Reservierung');
  await expect(page.getByText(`Ihre Zahlung über ${shown} ist erst eingegangen`)).toContainText(
    'die Schule erstattet Ihnen den Betrag auf demselben Zahlungsweg',
  );
  await expectAccessible(page);
  const waiting = await buyersOrderCard(page, token, incrementId);
  await expect(waiting.getByTestId('order-status')).toHaveText('Zu spät bezahlt – wird erstattet');
  await expect(waiting.getByTestId('late-payment-note')).toContainText(
    'Die Plätze wurden deshalb nicht für Sie gehalten',
  );
  await expectAccessible(page);

  const owner = staffEmail('inhaber-faelle');
  await completeSetup(page, await addStaff(owner, 'owner'), 'Faelle-Passwort-123');
  await page.getByRole('menuitem', { name: 'Fälle' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fälle');
  const row = page.getByRole('row').filter({ hasText: incrementId });
  await expect(row).toContainText('Zahlung nach Ablauf der Reservierung');
  await expect(row).toContainText(buyer);
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Erstatten' }).click();
  const dialog = page.getByRole('dialog', { name: `Bestellung ${incrementId} erstatten` });
  await expect(dialog.getByTestId('refundable')).toContainText(`noch erstattbar ${shown}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Erstatten' }).click();
  await expect(page.getByText(`${shown} wurden erstattet.`)).toBeVisible();
  // The case is closed: the open list no longer shows it.
  await expect(page.getByRole('row').filter({ hasText: incrementId })).toHaveCount(0);

  const mail = await mailTo(request, buyer, new RegExp(`^Erstattung zu Bestellung ${incrementId}$`));
  expect(mail.text).toContain(`wir haben ${inMail}\u00a0€ zu Ihrer Bestellung ${incrementId}`);
  expect(mail.text).not.toContain('Widerruf zu Bestellung');

  // Where the school's notices go, switchable per kind.
  await page.getByRole('menuitem', { name: 'Benachrichtigungen' }).click();
  // The demo school has no real address: the notices go nowhere until the owner sets one.
  await expect(page.getByTestId('notice-to')).toContainText('keine Adresse');
  const office = staffEmail('buero');
  await page.getByLabel('Eigene Adresse für Benachrichtigungen').fill(office);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('notice-to')).toContainText(`Benachrichtigungen gehen an ${office}`);
  await expect(page.getByLabel('Bezahlte Bestellungen')).toBeChecked();
  await expectAccessible(page);

  // Once refunded, the buyer's order says so, with the day.
  const refunded = await buyersOrderCard(page, token, incrementId);
  await expect(refunded.getByTestId('order-status')).toHaveText('Zu spät bezahlt – erstattet');
  const note = refunded.getByTestId('late-payment-note');
  await expect(note).toContainText(`Ihre Zahlung über ${shown} ist erst eingegangen`);
  await expect(note).toContainText(/der Betrag wurde Ihnen am \d{2}\.\d{2}\.\d{4} erstattet\./);
  await expectAccessible(page);
});
