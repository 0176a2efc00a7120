import { expect, test } from '@playwright/test';
import {
  linkIn,
  logInThroughForm,
  mailTo,
  newEmail,
  password,
  registerThroughApi,
  storedToken,
  verifiedCustomer,
} from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('register → mail from the dev outbox → verify → account', async ({ page, request }) => {
  // The longest account journey: five screens, each checked with axe, and the 5 s wait before the account opens.
  test.setTimeout(60_000);
  const email = newEmail('lena');
  await page.goto(`/register?firstname=Lena&lastname=Sommer&email=${encodeURIComponent(email)}`);
  await expect(heading(page)).toHaveText('Registrieren');
  await expect(page.getByLabel('Vorname')).toHaveValue('Lena');
  await expect(page.getByLabel('Nachname')).toHaveValue('Sommer');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
  await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toBeVisible();
  await expect(page.getByLabel(/^Passwort/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();

  // No token comes back (the answer would be the same for a taken address): a panel points to the mail and to login.
  await expect(heading(page)).toHaveText('Fast geschafft!');
  await expect(page.getByText('Bitte prüfen Sie Ihr Postfach')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await logInThroughForm(page, email, password);
  // Logged in, waiting for the verification.
  await expect(page).toHaveURL(/\/verify-email-waiting\?redirect=%2Faccount-data&email=/);
  await expect(heading(page)).toHaveText('Bitte bestätigen Sie Ihre E-Mail-Adresse');
  await expect(page.getByText(`Wir haben eine E-Mail an ${email} geschickt.`)).toBeVisible();
  await expectAccessible(page);

  const link = linkIn(await mailTo(request, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/));
  expect(link.pathname).toBe('/verify-email');
  await page.goto(link.href);
  await expect(page.getByText('Vielen Dank! Ihre E-Mail-Adresse ist bestätigt.')).toBeVisible();
  await expectAccessible(page);
  // After 5 s on to the account, with the registration banner once.
  await expect(page).toHaveURL(/\/account-data$/, { timeout: 8_000 });
  await expect(page.getByText('Willkommen! Ihre Registrierung ist abgeschlossen.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hallo, L. Sommer!' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('Lena');
  await expect(page.getByText('Willkommen! Ihre Registrierung ist abgeschlossen.')).toHaveCount(0);

  // The link is single use.
  await page.goto(link.href);
  await expect(page.getByText('Der Link ist ungültig oder abgelaufen.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Erneut registrieren' })).toHaveAttribute('href', '/register');
  await expectAccessible(page);
});

test('registering a taken address answers like a new one; its owner gets a mail to log in or reset the password', async ({
  page,
  request,
}) => {
  const { email } = await verifiedCustomer(request, 'vergeben');
  await page.goto(`/register?firstname=Eve&lastname=Fremd&email=${encodeURIComponent(email)}`);
  await page.getByLabel(/^Passwort/).fill('Anders2!x');
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
  await expect(heading(page)).toHaveText('Fast geschafft!');
  await expect(page.getByText('Bitte prüfen Sie Ihr Postfach')).toBeVisible();
  const mail = await mailTo(request, email, /Sie haben bereits ein Kundenkonto/);
  expect(mail.text).toContain('Hallo Anna,');
  expect(linkIn(mail).pathname).toBe('/login');
  expect(mail.text).toContain(`http://localhost:5173/password-reset?email=${encodeURIComponent(email)}`);
});

test('a customerToken query logs in and leaves the URL; an unverified customer waits until verified', async ({
  page,
  request,
}) => {
  const email = newEmail('ungeprueft');
  const token = await registerThroughApi(request, email);
  await page.goto(`/courses?customerToken=${token}`);
  // Anywhere but the verification, login and register pages: to the waiting page, remembering where.
  await expect(page).toHaveURL(/\/verify-email-waiting\?redirect=%2Fcourses&email=/);
  expect(page.url()).not.toContain('customerToken');
  expect((await storedToken(page)).session).toBe(token);

  await page.getByRole('button', { name: 'E-Mail erneut senden' }).click();
  await expect(page.getByText('Wir haben Ihnen die Bestätigungs-E-Mail erneut geschickt.')).toBeVisible();
  await expectAccessible(page);
  const link = linkIn(await mailTo(request, email, /Bitte bestätigen/));
  // Confirmed elsewhere (another device): the waiting page notices within its 5-second poll.
  const verified = await request.post('/api/customer/verify-email', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });
  expect(verified.ok()).toBe(true);
  await expect(page).toHaveURL(/\/courses$/, { timeout: 8_000 });
});

test('login without remember-me lasts for the tab; with it, new tabs are logged in too', async ({
  context,
  page,
  request,
}) => {
  const { email } = await verifiedCustomer(request, 'merken');
  await page.goto('/login');
  await expectAccessible(page);
  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/account-data$/);
  await expect(heading(page)).toHaveText('Meine Daten');
  expect(await storedToken(page)).toEqual({ local: null, session: expect.any(String) });

  const otherTab = await context.newPage();
  await otherTab.goto('/account-data');
  await expect(otherTab).toHaveURL(/\/login$/);
  await expect(heading(otherTab)).toHaveText('Anmelden');

  await logInThroughForm(otherTab, email, password, { remember: true });
  await expect(otherTab).toHaveURL(/\/account-data$/);
  expect(await storedToken(otherTab)).toEqual({ local: expect.any(String), session: null });
  const thirdTab = await context.newPage();
  await thirdTab.goto('/account-order');
  await expect(heading(thirdTab)).toHaveText('Meine Bestellungen');
});

test('a protected page sends a logged-out visitor to /login and back afterwards', async ({ page, request }) => {
  const { email } = await verifiedCustomer(request, 'zurueck');
  await page.goto('/account-order');
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/account-order$/);
  await expect(heading(page)).toHaveText('Meine Bestellungen');
  await expect(page.getByText('Sie haben noch keine Bestellungen.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Sprachniveau' }).click();
  await expect(heading(page)).toHaveText('Mein Sprachniveau');
  await expect(page.getByText('Sie haben noch kein Sprachniveau.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Einstufungstest' })).toHaveAttribute('href', '/level-test');
  await expectAccessible(page);
});

test('a wrong password shows the alert and keeps the visitor on /login', async ({ page, request }) => {
  const { email } = await verifiedCustomer(request, 'falsch');
  await page.goto('/login?redirect=/account-address');
  await logInThroughForm(page, email, 'Falsch1!x');
  await expect(page.getByRole('alert')).toHaveText('Die E-Mail-Adresse oder das Passwort ist falsch.');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(await storedToken(page)).toEqual({ local: null, session: null });
  await expectAccessible(page);
  // The redirect query wins afterwards.
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(heading(page)).toHaveText('Rechnungsadresse');
});

test('password reset from the mail', async ({ page, request }) => {
  const { email } = await verifiedCustomer(request, 'vergessen');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(heading(page)).toHaveText('Passwort zurücksetzen');
  await expectAccessible(page);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(/Falls es zu dieser Adresse ein Kundenkonto gibt/)).toBeVisible();
  await expectAccessible(page);

  const link = linkIn(await mailTo(request, email, /Passwort zurücksetzen/));
  expect(link.pathname).toBe('/password-new');
  await page.goto(link.href);
  await expect(heading(page)).toHaveText('Neues Passwort festlegen');
  const save = page.getByRole('button', { name: 'Passwort speichern' });
  await page.getByLabel(/^Neues Passwort\b(?! wiederholen)/).fill('Neu#Passwort1');
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Neu#Passwort2');
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Neu#Passwort1');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await logInThroughForm(page, email, 'Neu#Passwort1');
  await expect(heading(page)).toHaveText('Meine Daten');

  await page.goto(link.href);
  await page.getByLabel(/^Neues Passwort\b(?! wiederholen)/).fill('Dritt#Passwort3');
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Dritt#Passwort3');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Der Link ist ungültig oder abgelaufen.')).toBeVisible();
  await page.goto('/password-new?email=x%40example.org');
  await expect(page.getByText('Der Link ist ungültig oder abgelaufen.')).toBeVisible();
  await expectAccessible(page);
});

test('e-mail change from the mail', async ({ page, request }) => {
  const { email, token } = await verifiedCustomer(request, 'umzug');
  const next = newEmail('neu');
  await page.goto(`/account-data?customerToken=${token}`);
  await page.getByLabel('E-Mail-Adresse').fill(next);
  await page.getByRole('button', { name: 'Daten speichern' }).click();
  await expect(page.getByText('Wir haben einen Bestätigungslink an Ihre neue E-Mail-Adresse geschickt.')).toBeVisible();
  await expectAccessible(page);
  // Not applied before the confirmation.
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

  const link = linkIn(await mailTo(request, next, /neue E-Mail-Adresse/));
  await page.goto(link.href);
  await expect(heading(page)).toHaveText('Neue E-Mail-Adresse bestätigen');
  await expect(page.getByText('Ihre neue E-Mail-Adresse ist bestätigt.')).toBeVisible();
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/account-data$/, { timeout: 5_000 });
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(next);
});

test("an e-mail change someone else made, undone from the former address's notice", async ({ page, request }) => {
  // docs/decisions/0068-undo-an-email-change.md: a stolen session moved the account to the thief's address.
  const { email, token } = await verifiedCustomer(request, 'bestohlen');
  const thief = newEmail('dieb');
  const asked = await request.put('/api/customer/me/update', {
    data: { email: thief },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(asked.ok()).toBe(true);
  const change = linkIn(await mailTo(request, thief, /neue E-Mail-Adresse/));
  const confirmed = await request.post('/api/customer/verify-email-change', {
    data: { token: change.searchParams.get('token'), email: change.searchParams.get('email') },
  });
  expect(confirmed.ok()).toBe(true);

  const undo = linkIn(await mailTo(request, email, /wurde geändert/));
  expect(undo.pathname).toBe('/undo-email-change');
  // A link without its token says so at once; nothing to press.
  await page.goto('/undo-email-change');
  await expect(page.getByRole('alert')).toHaveText('Der Link ist ungültig oder abgelaufen.');
  await expectAccessible(page);
  await page.goto(undo.href);
  await expect(heading(page)).toHaveText('Änderung der E-Mail-Adresse rückgängig machen');
  await expectAccessible(page);
  // A server that fails once: the alert, and the button stays for another try.
  await page.route('**/api/customer/undo-email-change', (route) => route.fulfill({ status: 503 }), { times: 1 });
  await page.getByRole('button', { name: 'Änderung rückgängig machen' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Änderung rückgängig machen' })).toBeFocused();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Änderung rückgängig machen' }).click();
  await expect(page.getByText(`Ihr Kundenkonto ist wieder mit ${email} verbunden`)).toBeVisible();
  await expectAccessible(page);

  // The old password no longer logs in; the reset link mailed to the restored address sets a new one.
  const reset = linkIn(await mailTo(request, email, /wieder mit dieser Adresse verbunden/));
  expect(reset.pathname).toBe('/password-new');
  await page.goto(reset.href);
  await page.getByLabel(/^Neues Passwort\b(?! wiederholen)/).fill('Zurueck#Pass1');
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Zurueck#Pass1');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await logInThroughForm(page, email, 'Zurueck#Pass1');
  await expect(heading(page)).toHaveText('Meine Daten');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
});

test('profile and password saves with their banners', async ({ page, request }) => {
  const { email, token } = await verifiedCustomer(request, 'speichern');
  await page.goto(`/account-data?customerToken=${token}`);
  await expect(page.getByRole('heading', { name: 'Hallo, A. Muster!' })).toBeVisible();
  await expect(page.getByTestId('balance-conversation')).toHaveText('0');
  // The link logged this tab in: the shell names the account (record 0077), checked on screen.
  await expect(page.getByTestId('link-login-notice')).toContainText(`Sie sind jetzt als ${email} angemeldet.`);
  await expectAccessible(page);

  // Profile: checked before sending, then saved.
  await page.getByLabel('Anzeigename (optional)').fill('Anni');
  await page.getByLabel('Telefon (optional)').fill('12');
  await page.getByRole('button', { name: 'Daten speichern' }).click();
  await expect(page.getByText('Die Telefonnummer muss mindestens 4 Zeichen lang sein.')).toBeVisible();
  await expect(page.getByLabel('Telefon (optional)')).toBeFocused();
  await expectAccessible(page);
  await page.getByLabel('Telefon (optional)').fill('+49 30 1234567');
  await page.getByLabel('Ich möchte den Newsletter erhalten.').check();
  await page.getByRole('button', { name: 'Daten speichern' }).click();
  await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hallo, Anni!' })).toBeVisible();
  await expectAccessible(page);

  // Password: disabled while the two differ; saved, and this tab stays logged in.
  const change = page.getByRole('button', { name: 'Passwort ändern' });
  await page.getByLabel('Aktuelles Passwort').fill(password);
  await page.getByLabel(/^Neues Passwort\b(?! wiederholen)/).fill('Anders#Pass1');
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Anders#Pass2');
  await expect(change).toBeDisabled();
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Anders#Pass1');
  await change.click();
  await expect(page.getByText('Ihr Passwort wurde geändert. Andere Geräte wurden abgemeldet.')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('Anzeigename (optional)')).toHaveValue('Anni');
  await expect(page.getByLabel('Telefon (optional)')).toHaveValue('+49 30 1234567');
  await expect(page.getByLabel('Ich möchte den Newsletter erhalten.')).toBeChecked();
  // The token the test started with was revoked by the change; the new password logs in, the old one no longer.
  expect((await request.get('/api/customer/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  const logIn = (secret: string) => request.post('/api/customer/login', { data: { email, password: secret } });
  expect((await logIn('Anders#Pass1')).status()).toBe(200);
  expect((await logIn(password)).status()).toBe(401);
});

test('address save with its banner; logout', async ({ page, request }) => {
  const { email, token } = await verifiedCustomer(request, 'adresse');
  await page.goto(`/account-data?customerToken=${token}`);
  await expect(page.getByRole('heading', { name: 'Hallo, A. Muster!' })).toBeVisible();

  // Address: success banner for 5 s.
  await page.getByRole('link', { name: 'Rechnungsadresse' }).click();
  await expect(heading(page)).toHaveText('Rechnungsadresse');
  await expect(page.getByLabel(/^Vorname/)).toHaveValue('Anna');
  await expect(page.getByLabel(/^Land/)).toHaveValue('DE');
  await expectAccessible(page);
  await page.getByLabel('Straße und Hausnummer (optional)').fill('Hauptstraße 5');
  await page.getByLabel('Postleitzahl (optional)').fill('1010');
  await page.getByLabel('Ort (optional)').fill('Wien');
  await page.getByLabel(/^Land/).selectOption('AT');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  const saved = page.getByText('Ihre Rechnungsadresse wurde gespeichert.');
  await expect(saved).toBeVisible();
  await expectAccessible(page);
  await expect(saved).toHaveCount(0, { timeout: 7_000 });
  await page.reload();
  await expect(page.getByLabel('Ort (optional)')).toHaveValue('Wien');
  await expect(page.getByLabel(/^Land/)).toHaveValue('AT');

  // Logout: home, tokens gone, the account is closed again.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toEqual({ local: null, session: null });
  await page.goto('/account-data');
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, email, password);
  await expect(heading(page)).toHaveText('Meine Daten');
});

test('a customerToken link in a tab that has a session is not used, and the notice says why', async ({
  page,
  request,
}) => {
  const own = await verifiedCustomer(request, 'eigen');
  const other = await verifiedCustomer(request, 'fremd');
  await page.goto('/login');
  await logInThroughForm(page, own.email, password);
  await expect(heading(page)).toHaveText('Meine Daten');
  await page.goto(`/courses?customerToken=${other.token}`);
  const notice = page.getByTestId('link-login-notice');
  await expect(notice).toContainText(
    `Sie sind bereits als ${own.email} angemeldet, deshalb wurde der Anmeldelink nicht verwendet.`,
  );
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Schließen' }).click();
  await expect(notice).toHaveCount(0);
});

test("the account's pages when the server cannot answer: the orders, the level history and the balances", async ({
  page,
  request,
}) => {
  const { token } = await verifiedCustomer(request, 'ausfall');
  await page.route('**/api/customer/me/orders**', (route) => route.fulfill({ status: 503 }));
  await page.route('**/api/exam/history**', (route) => route.fulfill({ status: 503 }));
  await page.route('**/api/customer/me/balances**', (route) => route.fulfill({ status: 503 }));
  await page.goto(`/account-order?customerToken=${token}`);
  await expect(heading(page)).toHaveText('Meine Bestellungen');
  await expect(page.getByText('Bestellungen konnten nicht geladen werden.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sprachniveau' }).click();
  await expect(heading(page)).toHaveText('Mein Sprachniveau');
  await expect(page.getByText('Der Verlauf Ihrer Einstufungstests konnte nicht geladen werden.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Meine Daten' }).click();
  await expect(heading(page)).toHaveText('Meine Daten');
  await expect(page.getByRole('alert').filter({ hasText: 'Das Guthaben konnte nicht geladen werden.' })).toBeVisible();
  await expectAccessible(page);
});

test('login and registration when the server refuses for now (429, 503)', async ({ page }) => {
  await page.route('**/api/customer/login', (route) => route.fulfill({ status: 429 }));
  await page.goto('/login');
  await logInThroughForm(page, newEmail('bremse'), password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);

  await page.route('**/api/customer/register', (route) => route.fulfill({ status: 503 }));
  await page.goto(`/register?firstname=Eva&lastname=Stau&email=${encodeURIComponent(newEmail('stau'))}`);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});

test('a broken e-mail change link says so', async ({ page }) => {
  await page.goto('/verify-email-change?token=kaputt&email=x%40example.org');
  await expect(heading(page)).toHaveText('Neue E-Mail-Adresse bestätigen');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});
