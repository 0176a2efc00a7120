import { expect, test, type Page } from '@playwright/test';
import { newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { searchAll, type ApiCourse } from '../support/catalog.ts';
import { answerSandbox, courseItem, placeOrder, seedCart } from '../support/checkout.ts';
import { addStaff, backofficeUrl, completeSetup, daysAhead, germanDate, staffEmail } from '../support/backoffice.ts';

/**
 * The school's back office (docs/backoffice.md): its own application on 5178 over the admin API. An owner made with
 * the staff command sets a password from the setup link, creates and publishes a course, which is then bookable
 * in the shop; moving the booked course mails its participant; a text edited there shows in the shop. Every
 * screen is checked with axe.
 */

test.describe.configure({ mode: 'serial' });

const password = 'Backoffice-Passwort-1';
let ownerEmail = '';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page, name: string | RegExp) => page.getByRole('menuitem', { name });

test('an owner set up from the staff command signs in, and a staff login is separate from the shop', async ({
  page,
}) => {
  test.slow();
  ownerEmail = staffEmail('inhaberin');
  const link = await addStaff(ownerEmail, 'owner');
  expect(link.origin).toBe(backofficeUrl);
  expect(link.pathname).toBe('/setup');

  // The setup page, before and after a password that is too short.
  await page.goto(link.toString());
  await expect(heading(page)).toHaveText('Zugang einrichten');
  await expect(page.getByText(ownerEmail)).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${backofficeUrl}/setup`);
  await expectAccessible(page);
  await page.getByLabel('Neues Passwort', { exact: false }).fill('kurz');
  await page.getByLabel('Passwort wiederholen', { exact: false }).fill('kurz');
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(page.getByText('Mindestens 12 Zeichen')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Neues Passwort', { exact: false }).fill(password);
  await page.getByLabel('Passwort wiederholen', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(heading(page)).toHaveText('Willkommen im Backoffice');
  await expect(page.getByText(`Angemeldet als ${ownerEmail}.`)).toBeVisible();
  await expectAccessible(page);

  // A used link is refused.
  await page.goto(link.toString());
  await expect(page.getByRole('alert')).toContainText('ungültig, abgelaufen oder schon benutzt');
  await expectAccessible(page);

  // Log out, then in with the password (development: no second factor unless enrolled).
  await page.goto(`${backofficeUrl}/`);
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(heading(page)).toHaveText('Anmelden');
  await expectAccessible(page);
  await page.getByLabel('E-Mail-Adresse', { exact: false }).fill(ownerEmail);
  await page.getByLabel('Passwort', { exact: false }).fill('falsches-passwort-123');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  await expectAccessible(page);
  await page.getByLabel('Passwort', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(heading(page)).toHaveText('Willkommen im Backoffice');

  // The staff token opens no customer call, and the back office is not in the shop's composition.
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('backoffice.session')!).token as string);
  const customer = await page.request.get('http://localhost:5173/api/customer/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(customer.status()).toBe(401);
  const remotes = await (await page.request.get('http://localhost:5173/remotes.json')).text();
  expect(remotes).not.toContain('5178');
  expect(remotes.toLowerCase()).not.toContain('backoffice');
});

test('a course created and published in the back office is bookable; moving it mails the participant', async ({
  page,
  request,
}) => {
  test.slow();
  const link = await addStaff(staffEmail('kursplanung'), 'staff');
  await completeSetup(page, link, password);

  const identifier = `BO-${Date.now()}`;
  const title = `Spanisch kompakt ${identifier}`;
  const start = daysAhead(30);
  const end = daysAhead(58);

  await menu(page, 'Kurse').click();
  await expect(heading(page)).toHaveText('Kurse');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
  // Filters: kind, state and month.
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Entwurf' }).click();
  await expect(page).toHaveURL(/status/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Anlegen' }).click();
  await expect(page.getByLabel('Kennung', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Kennung', { exact: false }).fill(identifier);
  await page
    .getByRole('group', { name: 'Deutsch' })
    .getByLabel(/^Titel/)
    .fill(title);
  await page.getByLabel('Beginn', { exact: false }).fill(start);
  await page.getByLabel('Uhrzeit von').fill('18:00');
  await page.getByLabel(/^Ende/).fill(end);
  await page.getByLabel('Uhrzeit bis').fill('19:30');
  await page.getByLabel('Anmeldeschluss', { exact: false }).fill(daysAhead(28));
  await page.getByLabel('Max. Teilnehmende', { exact: false }).fill('6');
  // Euros as the office types them, with a decimal comma: more than two decimals is a field error first.
  const price = page.getByRole('textbox', { name: /^Preis \(EUR\)/ });
  await price.fill('249,505');
  await page.getByLabel('Schlagwörter').fill('a1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Höchstens zwei Nachkommastellen')).toBeVisible();
  await price.fill('249,50');
  await page.getByRole('button', { name: 'Speichern' }).click();

  // The draft's edit page: publish it, with a confirmation.
  await expect(page.getByTestId('course-places')).toContainText('frei: 6');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('erscheint im Shop');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByText('Der Kurs ist veröffentlicht.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurückziehen' })).toBeVisible();

  // The shop lists it and sells it.
  const courses = await searchAll<ApiCourse>(request, 'http://localhost:5173/api/course/search', 'type=1');
  const listed = courses.find((course) => course.titles.some((t) => t.description === title));
  expect(listed, 'the published course in the shop listing').toBeDefined();
  expect(listed!.freePlaces).toBe(6);
  // The shop's public contract keeps its euros; the back office sent cents.
  expect(listed!.price).toBe(249.5);
  const buyer = newEmail('kursbuchung');
  const shop = await page.context().newPage();
  await seedCart(shop, [courseItem(listed!, 1)]);
  await shop.goto('http://localhost:5173/checkout');
  await expect(shop.getByText(title).first()).toBeVisible();
  await placeOrder(shop, { email: buyer });
  await answerSandbox(shop, 'paid');
  await expect(shop).toHaveURL(/\/checkout-complete\//);
  await shop.close();

  // Move it by a week: the booked participant gets the new dates.
  await page.reload();
  await expect(page.getByTestId('course-places')).toContainText('frei: 5');
  await expect(page.getByRole('note')).toContainText('Buchung');
  const newStart = daysAhead(37);
  await page.getByLabel('Beginn', { exact: false }).fill(newStart);
  await page.getByLabel(/^Ende/).fill(daysAhead(65));
  await page.getByLabel('Anmeldeschluss', { exact: false }).fill(daysAhead(35));
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/Der Kurs wurde verschoben\./)).toBeVisible();

  await expect
    .poll(
      async () => {
        const response = await request.get(`http://localhost:5173/api/dev/mailbox?to=${encodeURIComponent(buyer)}`);
        const mails = ((await response.json()) as { result: { subject: string; text: string }[] }).result;
        return mails.some((mail) => mail.text.includes(germanDate(newStart)) && mail.text.includes(germanDate(start)));
      },
      { message: 'a mail to the participant with the old and the new start', timeout: 15_000 },
    )
    .toBe(true);

  // The list finds it by its state and month (the list kept the draft filter chosen before), and the audit log has
  // the changes.
  await menu(page, 'Kurse').click();
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await page.getByLabel('Monat des Beginns').fill(newStart.slice(0, 7));
  await expect(page.getByRole('cell', { name: identifier, exact: true })).toBeVisible();
  await menu(page, 'Protokoll').click();
  await expect(page.getByRole('cell', { name: 'updateCourse' }).first()).toBeVisible();
  await expectAccessible(page);

  // Cancel it (with a reason for the buyer): it leaves the shop, so the journeys after this one see the catalogue
  // they know.
  await menu(page, 'Kurse').click();
  await page.getByRole('row').filter({ hasText: identifier }).getByRole('link', { name: 'Bearbeiten' }).click();
  await page.getByRole('button', { name: 'Absagen' }).click();
  const cancel = page.getByRole('dialog');
  await expect(cancel).toContainText('Die Buchung wird storniert und der Käufer erhält eine E-Mail.');
  await cancel.getByLabel('Grund', { exact: false }).fill('Zu wenige Anmeldungen.');
  await expectAccessible(page);
  await cancel.getByRole('button', { name: 'Absagen' }).click();
  await expect(page.getByText(/Der Kurs ist abgesagt\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Veröffentlichen' })).toHaveCount(0);
  const after = await searchAll<ApiCourse>(request, 'http://localhost:5173/api/course/search', 'type=1');
  expect(after.some((course) => course.id === listed!.id)).toBe(false);
});

/** Opens a screen of the back office by its address in the same tab (the session lives in sessionStorage). */
async function open(page: Page, path: string) {
  await page.goto(`${backofficeUrl}${path}`);
}

test('a text edited in the back office shows in the shop', async ({ page, browser }) => {
  test.slow();
  const link = await addStaff(staffEmail('texte'), 'staff');
  await completeSetup(page, link, password);
  const key = 'catalog.courses.title';
  const changed = `Gruppenkurse ${Date.now()}`;

  await menu(page, 'Texte').click();
  await expect(heading(page)).toHaveText('Texte');
  await expectAccessible(page);
  // The keys missing a language.
  await page.getByLabel('Fehlt in').click();
  await page.getByRole('option', { name: 'Irgendeine Sprache' }).click();
  await expect(page).toHaveURL(/missing/);
  await expectAccessible(page);
  await open(page, `/texts?filter=${encodeURIComponent('{}')}`);

  const row = () => page.getByRole('row').filter({ has: page.getByRole('cell', { name: key, exact: true }) });
  await page.getByPlaceholder('Suchen').fill(key);
  await row().getByRole('link', { name: 'Bearbeiten' }).click();
  const german = page.getByLabel('Deutsch', { exact: true });
  await expect(german).toHaveValue('Gruppenkurse');
  await expect(page.getByText('Ausgeliefert: Gruppenkurse')).toBeVisible();
  await expectAccessible(page);
  await german.fill(changed);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert')).toBeVisible();

  // A visitor sees it within a minute (the texts' HTTP cache is 60 s; a new visitor has none).
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  await expect
    .poll(
      async () => {
        await shop.goto('http://localhost:5173/courses');
        return shop.locator('main h1').first().textContent();
      },
      { timeout: 70_000, intervals: [1_000, 5_000, 10_000] },
    )
    .toBe(changed);
  await visitor.close();

  // Emptying the field removes the edit: the shipped text again (texts.spec.ts reads it).
  await open(page, `/texts/${key}`);
  await page.getByLabel('Deutsch', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert')).toBeVisible();
  await open(page, `/texts/${key}`);
  await expect(page.getByLabel('Deutsch', { exact: true })).toHaveValue('Gruppenkurse');
});

test('every other screen of the back office passes axe, at 1280 px and on a tablet', async ({ page }) => {
  test.slow();
  const owner = staffEmail('rundgang');
  await completeSetup(page, await addStaff(owner, 'owner'), password);

  // Products and package prices.
  await menu(page, 'Produkte').click();
  await expect(heading(page)).toHaveText('Produkte');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Bearbeiten' }).first().click();
  await expect(page.getByLabel('Kennung', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await menu(page, 'Paketpreise').click();
  await expect(heading(page)).toHaveText('Paketpreise');
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /: bearbeiten$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  // Discount codes: a new one, a field error first, then its use count in the list.
  const code = `BO${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  await menu(page, 'Gutscheincodes').click();
  await expect(heading(page)).toHaveText('Gutscheincodes');
  await expect(page.getByRole('columnheader', { name: 'Eingelöst' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Anlegen' }).click();
  const codeField = page.getByRole('textbox', { name: /^Code/ });
  await codeField.fill('mit leerzeichen');
  await page.getByRole('spinbutton', { name: /^Rabatt/ }).fill('15');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Nur Buchstaben, Ziffern, „-“ und „_“')).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(code);
  await page.getByRole('spinbutton', { name: 'Einlösungen pro Kunde' }).fill('1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const codeRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  await expect(codeRow).toContainText('15 %');
  await codeRow.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('readonly');
  await expectAccessible(page);

  // The owner's screens: staff, the school, the audit log (filtered), the catalogue's files with a refused line.
  await menu(page, 'Mitarbeitende').click();
  await expect(page.getByRole('cell', { name: owner })).toBeVisible();
  await expectAccessible(page);
  await menu(page, 'Schule').click();
  await expect(heading(page)).toHaveText('Angaben zur Schule');
  await expectAccessible(page);
  await menu(page, 'Protokoll').click();
  await page.getByLabel('Wer').fill(owner);
  await expect(page.getByRole('cell', { name: 'createDiscountCode' })).toBeVisible();
  await page.getByRole('cell', { name: 'createDiscountCode' }).click();
  await expect(page.getByText('Nachher')).toBeVisible();
  await expectAccessible(page);

  await menu(page, 'Import und Export').click();
  await expect(heading(page)).toHaveText('Katalog importieren und exportieren');
  await expectAccessible(page);
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('backoffice.session')!).token as string);
  const exported = await page.request.get(`${backofficeUrl}/api/admin/catalogue/export`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(exported.ok()).toBe(true);
  const files = ((await exported.json()) as { result: { files: Record<string, string> } }).result.files;
  // The whole file (a course left out would be deleted), with one value the import must refuse on line 2.
  const lines = files['courses.csv']!.split(/\r?\n/);
  const columns = lines[0]!.replace(/^\uFEFF/, '').split(';');
  const cells = lines[1]!.split(';');
  cells[columns.indexOf('max_participants')] = 'viele';
  lines[1] = cells.join(';');
  await page.getByLabel('CSV-Dateien').setInputFiles([
    { name: 'courses.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) },
    { name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('nichts') },
  ]);
  await expect(page.getByText('Nicht erkannt und übergangen: notizen.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Probe (nichts ändern)' }).click();
  const refusals = page.getByTestId('import-refusals');
  const refused = refusals.getByRole('row').filter({ hasText: 'max_participants' });
  await expect(refused.getByRole('cell')).toHaveText(['courses.csv', '2', /.+/, /viele/]);
  await expect(page.getByRole('button', { name: 'Import ausführen' })).toBeDisabled();
  await expectAccessible(page);

  // A tablet: the course list scrolls inside its card, the page does not scroll sideways.
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 1000 });
    await open(page, '/courses');
    await expect(page.getByRole('table')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});
