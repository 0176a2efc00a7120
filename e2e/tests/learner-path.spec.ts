import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, newEmail, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import { cards, waitForListing } from '../support/catalog.ts';
import { courseItem, laterCourseWithPlaces, payAndConfirm, placeOrder, seedCart, signIn } from '../support/checkout.ts';

/**
 * Packages bought on their own page, listings that read in order and keep their filter,
 * and the smaller edges of a learner's path (codes that travel, a confirmation with dates, notices that say it
 * worked, heading levels in order).
 */

/** The cards' dates (dd.MM.yyyy) in the order a reader meets them on screen: left to right, then down. */
async function datesOnScreen(page: Page): Promise<string[]> {
  return page.locator('.swiper-slide-active article, .swiper-slide:first-child article').evaluateAll((articles) =>
    articles
      .map((card) => ({
        box: card.getBoundingClientRect(),
        date: /\d{2}\.\d{2}\.\d{4}/.exec(card.textContent ?? '')?.[0],
      }))
      .filter((card) => card.box.width > 0)
      .sort((a, b) => Math.round(a.box.top) - Math.round(b.box.top) || a.box.left - b.box.left)
      .map((card) => card.date ?? ''),
  );
}
const isoOf = (date: string) => date.split('.').reverse().join('-');

test('Pakete im Menü: jedes Paket mit Stückpreis und Gültigkeit, direkt in den Warenkorb', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Pakete' }).first().click();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pakete');
  const conversation = page.getByRole('region', { name: 'Konversationsstunden' });
  await expect(conversation.getByRole('listitem').first()).toBeVisible();
  const five = conversation.getByRole('listitem').filter({ hasText: '5 Konversationsstunden' });
  await expect(five).toContainText('Je Stunde');
  await expect(five).toContainText('12 Monate ab Kauf');
  await expect(
    page.getByRole('region', { name: 'Module Flexibles Lernen' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectAccessible(page);

  await five.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('5 Konversationsstunden');
});

test('die zwei Reihen füllen sich zeilenweise: Termine von links nach rechts, dann nach unten', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/courses');
  await waitForListing(page);
  await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
  const dates = await datesOnScreen(page);
  expect(dates).toHaveLength(6);
  expect(dates.map(isoOf)).toEqual([...dates.map(isoOf)].sort());
  await expect(page.getByTestId('slider-position')).toHaveText(/^1–6 von \d+$/);
});

test('aktive Filter als entfernbare Chips in der Adresse: neu laden, zurück und vor behalten sie', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/courses');
  await waitForListing(page);
  const all = await cards(page).count();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('group', { name: 'Niveau', exact: true }).getByRole('checkbox', { name: 'B1' }).check();
  await page.getByRole('button', { name: /Filter anwenden/ }).click();
  await expect(page).toHaveURL(/\/courses\?preSelectedTags=b1$/);
  const chip = page.getByRole('button', { name: 'B1 entfernen' });
  await expect(chip).toBeVisible();
  await waitForListing(page);
  const b1 = await cards(page).count();
  expect(b1).toBeLessThan(all);
  await expectAccessible(page);

  await page.reload();
  await waitForListing(page);
  await expect(page.getByRole('button', { name: 'B1 entfernen' })).toBeVisible();
  await expect(cards(page)).toHaveCount(b1);

  await page.goBack();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('button', { name: 'B1 entfernen' })).toHaveCount(0);
  await expect(cards(page)).toHaveCount(all);
  await page.goForward();
  await expect(page.getByRole('button', { name: 'B1 entfernen' })).toBeVisible();
  await expect(cards(page)).toHaveCount(b1);

  await page.getByRole('button', { name: 'B1 entfernen' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(cards(page)).toHaveCount(all);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeFocused();
});

test('auf dem Handy ist das Filterblatt ein modaler Dialog: Fokus bleibt drin, Escape schließt', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/courses');
  await waitForListing(page);
  const toggle = page.getByRole('button', { name: 'Filter', exact: true });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Kurse filtern' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expectAccessible(page);
  // Forty presses of Tab go round the sheet (and, past its end, the browser's own controls), never behind it.
  let inside = 0;
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement)
        ? 'inside'
        : document.activeElement === document.body
          ? 'none'
          : 'behind',
    );
    expect(where).not.toBe('behind');
    if (where === 'inside') inside++;
  }
  expect(inside).toBeGreaterThan(20);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('auf dem Handy sagt die Liste, wo man ist ("3–4 von 18"), und lässt sich als schlichte Liste lesen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/courses');
  await waitForListing(page);
  const position = page.getByTestId('slider-position');
  await expect(position).toHaveText(/^1–2 von \d+$/);
  const total = Number(/von (\d+)/.exec((await position.textContent())!)![1]);
  await expect(cards(page)).toHaveCount(total);
  await page.getByRole('button', { name: 'Weitere Angebote' }).click();
  await expect(position).toHaveText(`3–4 von ${total}`);

  await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
  await expect(page).toHaveURL(/view=list/);
  const list = page.getByRole('list', { name: 'Alle Angebote als Liste' });
  await expect(list.getByRole('article')).toHaveCount(total);
  await expect(list.getByRole('article').last()).toBeAttached();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Alle Angebote als Liste' })).toBeVisible();
});

test('der Link für ein anderes Gerät nimmt die Gutscheincodes mit', async ({ page, browser, request }) => {
  const course = await laterCourseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/cart');
  await page.getByLabel('Gutscheincode', { exact: true }).fill('willkommen10');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('discount-tag')).toHaveText(/WILLKOMMEN10 \(gültig\)/);
  await page.getByRole('button', { name: 'Warenkorb auf einem anderen Gerät öffnen' }).click();
  const link = await page.getByTestId('cart-transfer-link').inputValue();

  const other = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByTestId('cart-line')).toHaveCount(1);
    await expect(otherPage.getByTestId('discount-tag')).toHaveText(/WILLKOMMEN10 \(gültig\)/);
    await expect(otherPage.getByTestId('cart-discount')).toContainText('Gutschein WILLKOMMEN10');
  } finally {
    await other.close();
  }
});

test('die Bestätigung zeigt Termine, Uhrzeiten und Teilnehmende; die Überschriften sind in Ordnung', async ({
  page,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  // heading-order on the checkout's participant heading.
  await expect(page.getByRole('heading', { level: 2, name: /Platz 1/ })).toBeVisible();
  await expectAccessible(page);
  await placeOrder(page, { email: newEmail('termine') });
  await payAndConfirm(page);
  const bookings = page.getByTestId('order-bookings');
  await expect(bookings.getByRole('heading', { level: 2 })).toHaveText('Ihre Termine');
  await expect(bookings).toContainText(course.startDate.split('-').reverse().join('.'));
  await expect(bookings).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} Uhr/);
  await expect(bookings).toContainText('Ana García');
  await expectAccessible(page);
});

test('nach dem Abmelden sagt die Startseite, dass es geklappt hat; die Bestellliste hat geordnete Überschriften', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request, 'abmelden');
  await signIn(page, customer.token);
  await page.goto('/account-order');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('page-notice')).toHaveText('Sie haben sich abgemeldet.');
  await expectAccessible(page);
});

test('nach dem neuen Passwort: der Link verlässt die Adresszeile, die Anmeldeseite bestätigt es', async ({
  page,
  request,
}) => {
  const { email } = await verifiedCustomer(request, 'neuespasswort');
  await request.post('/api/customer/request-password-reset', { data: { email, locale: 'de' } });
  const link = linkIn(await mailTo(request, email, /Passwort zurücksetzen/));
  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort festlegen');
  // Token and address are gone from the address bar at once.
  await expect(page).toHaveURL(/\/password-new$/);
  await page.getByLabel(/^Neues Passwort\b(?! wiederholen)/).fill('Neu#Passwort1');
  await page.getByLabel(/^Neues Passwort wiederholen/).fill('Neu#Passwort1');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await expect(page.getByTestId('page-notice')).toHaveText(
    'Ihr neues Passwort ist gespeichert. Sie können sich jetzt damit anmelden.',
  );
  await expectAccessible(page);
});
