import { expect, test, type Locator, type Page } from '@playwright/test';
import { verifiedCustomer } from '../support/account.ts';
import { cards, waitForListing, type ApiCourse } from '../support/catalog.ts';
import { courseItem, payAndConfirm, placeOrder, seedCart, signIn } from '../support/checkout.ts';
import { seedLevelTestResult } from '../support/levelTest.ts';

/**
 * The look of the main screens at a phone's and a desktop's width, compared with the committed pictures next to
 * this file (docs/decisions/0036-screenshots-and-layout-shift.md). Re-record them after a deliberate change of
 * the look: `npx -w e2e playwright test tests/screenshots.spec.ts --update-snapshots`.
 *
 * The catalogue is seeded relative to today and other journeys book its first courses, so what depends on the
 * day or on earlier bookings is masked: dates, the occupancy, the home page's live list of next courses, the
 * order number and the customer's address. The listing shows the C2 courses, which no other journey books.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A guest's address, the same in every run, so the confirmation reads the same. */
const guestEmail = 'ana.garcia@example.org';

/** Regions whose content follows the day or the catalogue's bookings. */
const dynamicRegions = (page: Page): Locator[] => [
  page.locator('time'),
  page.getByText(/\d{2}\.\d{2}\.\d{4}/),
  page.locator('.catalog-occupancy'),
  page.locator('.shell-home__next-list'),
  // The level-test result's course cards: which courses are next, and their places, follow the bookings.
  page.locator('.level-test__course-cards'),
];

async function expectLook(page: Page, name: string, extraMasks: Locator[] = []) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: 'disabled',
    mask: [...dynamicRegions(page), ...extraMasks],
  });
}

/** The farthest group course: only this journey books it (`laterCourseWithPlaces` leaves it alone). */
async function quietCourse(page: Page): Promise<ApiCourse> {
  const response = await page.request.get('/api/course/search?type=1&limit=100');
  const course = ((await response.json()) as { result: { items: ApiCourse[] } }).result.items.at(-1);
  expect(course?.freePlaces, 'free places in the farthest group course').toBeGreaterThanOrEqual(2);
  return course!;
}

for (const viewport of viewports) {
  test(`the main screens look as recorded at ${viewport.width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const course = await quietCourse(page);
    await seedCart(page, [courseItem(course, 1)]);
    await seedLevelTestResult(page, { resultToken: 'screenshot-result' });

    await page.goto('/');
    await expect(page.locator('.shell-home__next-list li').first()).toBeVisible();
    await expectLook(page, `home-${viewport.width}`);

    await page.goto('/courses?preSelectedTags=c2');
    await waitForListing(page);
    await expect(cards(page).first()).toContainText('C2');
    await expectLook(page, `courses-${viewport.width}`);

    await page.goto('/cart');
    await expect(page.getByTestId('line-pay').first()).toBeVisible();
    await expectLook(page, `cart-${viewport.width}`);

    await page.goto('/checkout');
    await expect(page.getByRole('radio').first()).toBeChecked();
    await expectLook(page, `checkout-${viewport.width}`);

    await placeOrder(page, { email: guestEmail });
    const orderId = await payAndConfirm(page);
    await expectLook(page, `confirmation-${viewport.width}`, [page.getByText(orderId)]);

    await page.goto('/level-test/complete');
    await expect(page.locator('.level-test__score').first()).toBeVisible();
    await expectLook(page, `level-test-result-${viewport.width}`);

    const customer = await verifiedCustomer(request, 'aussehen');
    await signIn(page, customer.token);
    await page.goto('/account-data');
    await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
    await expectLook(page, `account-data-${viewport.width}`, [
      page.getByText(customer.email),
      page.locator('input[type="email"]'),
    ]);
  });
}
