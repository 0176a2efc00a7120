import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, mailTo, newEmail, password, storedToken, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { laterCourseWithPlaces, decideSandbox, orderByApi, signIn } from '../support/checkout.ts';

/** An order of one place of a course, placed through the API as the checkout sends it; paid unless told. */
async function order(
  request: APIRequestContext,
  { email, token, pay = true }: { email?: string; token?: string; pay?: boolean },
) {
  const course = await laterCourseWithPlaces(request, 1, 1);
  const { incrementId, paymentLink } = await orderByApi(request, {
    courses: [course],
    buyer: { firstname: 'Marta', lastname: 'Datenreich' },
    participantEmail: email ?? '',
    ...(token ? { token } : { email }),
  });
  if (pay) await decideSandbox(request, paymentLink, 'paid');
  return { incrementId, course, paymentLink };
}

/** Clicks `button` and returns the JSON file the browser saved. */
async function downloadedJson(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    subject: { kind: string; email: string };
    profile: { email: string } | null;
    orders: { orderNumber: string; courses: { participants: { lastname: string }[] }[] }[];
  };
}

test('a customer downloads everything the shop holds about them, after giving the password again', async ({
  page,
  request,
}) => {
  const { email, token } = await verifiedCustomer(request, 'auskunft');
  const { incrementId } = await order(request, { email, token });
  await signIn(page, token);
  await page.goto('/account-data');
  await page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL(/\/account-privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz');
  await expect(page.getByRole('heading', { name: 'Meine Daten herunterladen' })).toBeVisible();
  await expectAccessible(page);

  const form = page.getByTestId('privacy-download-form');
  await form.getByLabel(/^Passwort/).fill('Falsch1!');
  await form.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  await expect(page.getByTestId('privacy-download-notice')).toHaveText('Das Passwort ist nicht richtig.');
  await expectAccessible(page);

  await form.getByLabel(/^Passwort/).fill(password);
  const data = await downloadedJson(page, () =>
    form.getByRole('button', { name: 'Meine Daten herunterladen' }).click(),
  );
  expect(data.subject).toEqual({ kind: 'customer', email });
  expect(data.profile?.email).toBe(email);
  expect(data.orders.map((o) => o.orderNumber)).toEqual([incrementId]);
  expect(data.orders[0]!.courses[0]!.participants[0]!.lastname).toBe('Datenreich');
  await expect(page.getByTestId('privacy-download-notice')).toContainText('wurde heruntergeladen');
});

test('a customer deletes the account: told what happens, refused while an order is unpaid, then logged out', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { email, token } = await verifiedCustomer(request, 'loeschen');
  const paid = await order(request, { email, token });
  const unpaid = await order(request, { email, token, pay: false });
  await signIn(page, token);
  await page.goto('/account-privacy');

  // An order waits for its payment: the page says why nothing can be deleted yet, and offers no deletion.
  await expect(page.getByTestId('deletion-blockers')).toContainText(
    `Die Bestellung ${unpaid.incrementId} wartet noch auf die Zahlung`,
  );
  await expect(page.getByRole('button', { name: 'Konto endgültig löschen' })).toHaveCount(0);
  await expectAccessible(page);

  // Once the unpaid order is cancelled (its payment page's "canceled"), the deletion is offered.
  await decideSandbox(request, unpaid.paymentLink, 'canceled');
  await page.reload();
  await expect(page.getByTestId('deletion-open-orders')).toContainText(`Bestellung ${paid.incrementId}`);
  await expect(page.getByText(/Bestellungen? bleib(t|en) als Rechnungs- und Buchungsbeleg/)).toBeVisible();
  await expect(page.getByText('Sie werden auf allen Geräten abgemeldet.')).toBeVisible();
  const form = page.getByTestId('privacy-delete-form');
  const button = form.getByRole('button', { name: 'Konto endgültig löschen' });
  await expect(button).toBeDisabled();
  await form.getByLabel(/^Passwort/).fill(password);
  await form.getByLabel('Ich möchte mein Kundenkonto endgültig löschen.').check();
  await expectAccessible(page);
  await button.click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto wurde gelöscht');
  await expect(page.getByText(/Rechnungen und Buchungsbelege bewahren wir nur so lange auf/)).toBeVisible();
  await expectAccessible(page);
  expect(await storedToken(page)).toEqual({ local: null, session: null });
  await mailTo(request, email, /Ihr Kundenkonto wurde gelöscht/);
  const login = await request.post('/api/customer/login', { data: { email, password } });
  expect(login.status()).toBe(401);
  const me = await request.get('/api/customer/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a guest asks by mail for the data tied to an address, downloads it and deletes it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = newEmail('gastdaten');
  const { incrementId } = await order(request, { email });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Ohne Kundenkonto: Ihre Daten ansehen oder löschen' }).click();
  await expect(page).toHaveURL(/\/privacy-request$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten ohne Kundenkonto');
  await expectAccessible(page);
  await page.getByLabel(/^E-Mail-Adresse/).fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByTestId('privacy-request-sent')).toContainText('24 Stunden gültig');
  await expectAccessible(page);

  const link = linkIn(await mailTo(request, email, /Ihre Anfrage zu Ihren Daten/));
  expect(link.pathname).toBe('/privacy-request-confirm');
  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten');
  await expect(page.getByText(`Gespeicherte Daten zur Adresse ${email}`)).toBeVisible();
  await expectAccessible(page);

  const data = await downloadedJson(page, () =>
    page.getByRole('button', { name: 'Meine Daten herunterladen' }).click(),
  );
  expect(data.subject).toEqual({ kind: 'guest', email });
  expect(data.profile).toBeNull();
  expect(data.orders.map((o) => o.orderNumber)).toEqual([incrementId]);

  const remove = page.getByRole('button', { name: 'Daten endgültig löschen' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Ich möchte die Daten zu dieser Adresse endgültig löschen.').check();
  await remove.click();
  await expect(page.getByTestId('privacy-guest-deleted')).toContainText('wurden gelöscht');
  await expectAccessible(page);
  await mailTo(request, email, /Ihre Daten wurden gelöscht/);

  // The link is used up.
  await page.goto(link.href);
  await expect(page.getByText('Der Link ist ungültig oder abgelaufen.')).toBeVisible();
  await expectAccessible(page);
});
