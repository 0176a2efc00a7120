import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { linkIn, logInThroughForm, mailTo, password } from '../support/account.ts';
import { euro, germanTitle, type ApiCourse } from '../support/catalog.ts';
import { courseItem, laterCourseWithPlaces, orderButton, seedCart } from '../support/checkout.ts';
import { seedLevelTestResult } from '../support/levelTest.ts';

/**
 * The learner's path (docs/decisions/0125-essentials-before-the-button-and-a-visible-password-rule.md,
 * docs/decisions/0126-from-the-level-test-to-a-booking.md): the essentials stand directly above the binding button on a phone; the level test
 * says how long it takes, leads to bookable courses and, after "register to save", back to the saved result; the
 * password rule is shown before typing and a refused character is named.
 */

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, locator: ReturnType<Page['locator']>): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, 'an element on screen').not.toBeNull();
  return box!;
};

for (const width of [320, 390, 1280]) {
  test(`an der Kasse stehen Positionen, Gesamtpreis und Steuerhinweis direkt über dem Bestellknopf (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const course = await laterCourseWithPlaces(request, 1, 1);
    await seedCart(page, [courseItem(course, 1)]);
    await page.goto('/checkout');
    const review = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    await expect(review.getByTestId('cart-total')).toHaveText(euro(course.discountedPrice ?? course.price));
    await expect(review.getByRole('listitem')).toHaveCount(1);
    await expect(review.getByRole('listitem')).toContainText(`1 × ${germanTitle(course)}`);

    // On screen in this order: positions, total, VAT note, then the button right below them.
    const positions = await boxOf(page, review.getByRole('listitem'));
    const total = await boxOf(page, review.getByTestId('cart-total'));
    const vat = await boxOf(page, review.getByText(/^Alle Preise inklusive gesetzlicher Umsatzsteuer/));
    const reviewBox = await boxOf(page, review);
    const button = await boxOf(page, orderButton(page));
    expect(positions.y + positions.height).toBeLessThanOrEqual(total.y + 1);
    expect(total.y + total.height).toBeLessThanOrEqual(vat.y + 1);
    expect(vat.y + vat.height).toBeLessThanOrEqual(button.y);
    // Directly above: nothing stands between the summary and the button (its margin, 16 px at most).
    expect(button.y - (reviewBox.y + reviewBox.height)).toBeLessThanOrEqual(16);
    expect(button.y - (reviewBox.y + reviewBox.height)).toBeGreaterThanOrEqual(0);
    // Nothing is cut off sideways on the phone (WCAG 1.4.10).
    expect(reviewBox.x + reviewBox.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width < 960) {
      // The overview with the code box comes first on a phone, above the form.
      const overview = await boxOf(page, page.getByRole('complementary', { name: 'Ihre Bestellung' }));
      const contact = await boxOf(page, page.getByRole('group', { name: 'Kontakt' }));
      expect(overview.y + overview.height).toBeLessThanOrEqual(contact.y);
    }
    await expectAccessible(page);
  });
}

test('das Testergebnis zeigt die nächsten buchbaren Kurse als Karten und legt einen in den Warenkorb', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The start page says how long the test takes before any card starts it.
  await page.goto('/level-test');
  const duration = page.getByTestId('level-test-duration');
  await expect(duration).toHaveText(/^Der Test dauert etwa 10 bis 15 Minuten/);
  expect((await boxOf(page, duration)).y).toBeLessThan((await boxOf(page, page.getByRole('article').first())).y);

  await seedLevelTestResult(page, { resultToken: 'journey-result' });
  await page.goto('/level-test/complete');
  const group = page.getByTestId('recommended-group');
  await expect(group.getByRole('article').first()).toBeVisible();
  const cards = group.getByRole('article');
  expect(await cards.count()).toBeLessThanOrEqual(3);

  // The first card is the soonest bookable B1 group course the catalogue lists.
  const search = await request.get('/api/course/search?tags[]=b1&type=1&limit=100');
  const courses = ((await search.json()) as { result: { items: (ApiCourse & { registrationDeadline: string })[] } })
    .result.items;
  const today = new Date().toISOString().slice(0, 10);
  const soonest = courses.find((c) => c.freePlaces > 0 && c.registrationDeadline >= today)!;
  const first = cards.first();
  await expect(first.getByRole('heading', { level: 4 })).toHaveText(`B1${germanTitle(soonest)}`);
  await expect(first).toContainText(/\d+ Termine?, .* Uhr/);
  await expect(first).toContainText(`${soonest.freePlaces} von ${soonest.maxParticipants}`);
  await expect(first).toContainText(euro(soonest.discountedPrice ?? soonest.price));
  await expect(page.getByRole('link', { name: 'Alle Gruppenkurse auf Niveau B1 ansehen' })).toHaveAttribute(
    'href',
    '/courses?preSelectedTags=b1&courseType=1',
  );
  await expectAccessible(page);

  await first.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warenkorb');
  await expect(page.getByText(germanTitle(soonest)).first()).toBeVisible();
});

test('„Registrieren und speichern“ führt nach Bestätigung und Anmeldung zum gespeicherten Ergebnis zurück', async ({
  page,
  request,
}) => {
  await page.goto('/level-test');
  await page
    .getByRole('group', { name: /Diskussionen über komplexe Themen/ })
    .getByRole('link', { name: 'Nein' })
    .click();
  for (let n = 1; n <= 16; n++) {
    await expect(page.getByRole('heading', { level: 2, name: `Frage ${n} von 16` })).toBeVisible();
    await page.locator('.level-test__answer').first().click();
  }
  await expect(page).toHaveURL(/\/level-test\/complete$/);
  const score = await page.locator('.level-test__score').first().textContent();
  await expect(page.getByRole('link', { name: 'Anmelden und speichern' })).toHaveAttribute(
    'href',
    '/login?redirect=/level-test/complete',
  );

  await page.getByRole('link', { name: 'Jetzt registrieren' }).click();
  const email = `speichern.${Date.now()}@example.org`;
  await page.getByLabel('Vorname').fill('Lena');
  await page.getByLabel('Nachname').fill('Sommer');
  await page.getByLabel('E-Mail-Adresse').fill(email);

  // The rule stands under the field before anything is typed, and generators are told what to make.
  const field = page.getByLabel(/^Passwort/);
  await expect(field).toHaveAccessibleDescription(/kein Bindestrich, Punkt, Unterstrich oder Leerzeichen/);
  await expect(page.getByText(/kein Bindestrich, Punkt, Unterstrich oder Leerzeichen/)).toBeVisible();
  await expect(field).toHaveAttribute('minlength', '8');
  await expect(field).toHaveAttribute('passwordrules', /required: \[@\$!%\*\?&#\];/);
  await expectAccessible(page);
  // A password manager's suggestion: the refused character is named.
  await field.fill('Kcx7-pQ2r.Lm9_Tz');
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
  await expect(page.getByText('Das Zeichen „-“ ist in Passwörtern nicht erlaubt.', { exact: false })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await field.fill(password);
  await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Fast geschafft!' })).toBeVisible();

  // The link from the mail, opened in this browser: confirmed, then on to the login, which leads back.
  const link = linkIn(await mailTo(request, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/));
  expect(link.searchParams.get('redirect')).toBe('/level-test/complete');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Flevel-test%2Fcomplete$/, { timeout: 8_000 });
  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/level-test\/complete$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihr Ergebnis wurde in Ihrem Konto gespeichert.' }),
  ).toBeVisible();
  await expect(page.locator('.level-test__score').first()).toHaveText(score!);
  await expectAccessible(page);

  await page.goto('/account-level');
  await expect(page.getByRole('table', { name: 'Bisherige Tests' }).getByRole('row')).toHaveCount(2);
});
