import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  cards,
  euro,
  germanTitle,
  monthsAhead,
  searchAll,
  waitForListing,
  type ApiCourse,
} from '../support/catalog.ts';

const groupCoursesWithin = (request: Parameters<typeof searchAll>[0], months: number, tags: string[] = []) =>
  searchAll<ApiCourse>(
    request,
    '/api/course/search',
    [`type=1`, `courseStartUntil=${monthsAhead(months)}`, ...tags.map((t) => `tags[]=${t}`)].join('&'),
  );

/** Positions of the cards the slider shows (inside its frame), as distinct columns (x) and rows (y). */
async function visibleGrid(page: Page) {
  return page
    .locator('.swiper')
    .first()
    .evaluate((slider) => {
      const frame = slider.getBoundingClientRect();
      const boxes = [...slider.querySelectorAll('article')]
        .map((card) => card.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1);
      // Each slide is a column of cards; cards of neighbouring columns need not line up (their heights differ).
      const perColumn = new Map<number, number>();
      for (const box of boxes) perColumn.set(Math.round(box.left), (perColumn.get(Math.round(box.left)) ?? 0) + 1);
      return { columns: perColumn.size, rows: Math.max(0, ...perColumn.values()) };
    });
}

test.describe('/courses', () => {
  test('shows group courses of the next 3 months as cards in a 2-row slider, with every card fact', async ({
    page,
    request,
  }) => {
    const expected = await groupCoursesWithin(request, 3);
    expect(expected.length).toBeGreaterThan(6);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppenkurse');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(expected.length);
    await expect(page.getByRole('link', { name: 'Zum gesamten Kursangebot' })).toHaveAttribute('href', /^https:\/\//);

    const first = expected[0]!;
    const card = cards(page).first();
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(germanTitle(first));
    await expect(card).toContainText(first.startDate.split('-').reverse().join('.'));
    await expect(card).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} Uhr/);
    await expect(card).toContainText('online');
    await expect(card.locator('.catalog-occupancy')).toHaveText(
      /Viele Plätze frei|Plätze frei|Nur noch wenige Plätze|Fast ausgebucht|Ausgebucht/,
    );

    // A discounted course shows both prices, the old one struck through and named for screen readers.
    const discounted = expected.find((c) => c.discountedPrice !== null)!;
    const discountedCard = cards(page)
      .filter({ has: page.getByRole('heading', { name: germanTitle(discounted), exact: true }) })
      .filter({ hasText: discounted.startDate.split('-').reverse().join('.') });
    await expect(discountedCard.locator('del')).toHaveText(euro(discounted.price));
    await expect(discountedCard.locator('.catalog-card__price strong')).toHaveText(euro(discounted.discountedPrice!));
    await expect(discountedCard.locator('.catalog-card__price')).toContainText('Regulärer Preis:');
    await expect(discountedCard.locator('.catalog-card__price')).toContainText('Angebotspreis:');

    // 3 columns and 2 rows from 1140 px, 2 columns from 768 px, 1 below.
    await expect.poll(() => visibleGrid(page)).toEqual({ columns: 3, rows: 2 });
    await page.setViewportSize({ width: 900, height: 900 });
    await expect.poll(() => visibleGrid(page)).toEqual({ columns: 2, rows: 2 });
    await page.setViewportSize({ width: 500, height: 900 });
    await expect.poll(() => visibleGrid(page)).toEqual({ columns: 1, rows: 2 });
    await expectAccessible(page);
  });

  test('the slider moves on, and an open detail panel closes on slide change', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto('/courses');
    await waitForListing(page);
    // Free scrolling only from 1140 px.
    await expect(page.locator('.swiper').first()).not.toHaveClass(/swiper-free-mode/);
    const first = cards(page).first();
    const details = first.getByRole('button', { name: 'Details' });
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toContainText('Anmeldeschluss');
    await expectAccessible(page);
    const before = (await first.boundingBox())!.x;
    await page.getByRole('button', { name: 'Weitere Angebote' }).click();
    await expect.poll(async () => (await first.boundingBox())!.x).toBeLessThan(before);
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(first.locator('.catalog-card__details-panel')).toBeHidden();
  });

  test('filters by tags and course range; clearing resets the range to 3 months', async ({ page, request }) => {
    const all = await groupCoursesWithin(request, 3);
    const b1 = await groupCoursesWithin(request, 3, ['b1']);
    const b1Year = await groupCoursesWithin(request, 12, ['b1']);
    expect(b1Year.length).toBeGreaterThan(b1.length);

    await page.goto('/courses');
    await waitForListing(page);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const level = page.getByRole('group', { name: 'Niveau', exact: true });
    await level.getByRole('checkbox', { name: 'B1' }).check();
    await page.getByRole('group', { name: 'Tag', exact: true }).getByRole('checkbox', { name: 'Montag' }).check();
    await expect(page.getByRole('button', { name: 'Filter anwenden (2 ausgewählt)' })).toBeVisible();
    await expectAccessible(page);

    // Per-category clear.
    await page.getByRole('button', { name: 'Auswahl aufheben (Tag)' }).click();
    await expect(page.getByRole('checkbox', { name: 'Montag' })).not.toBeChecked();
    await expect(level.getByRole('checkbox', { name: 'B1' })).toBeChecked();

    await page.getByRole('combobox', { name: 'Kursbeginn innerhalb von' }).selectOption('12');
    await page.getByRole('button', { name: 'Filter anwenden (1 ausgewählt)' }).click();
    await expect(cards(page)).toHaveCount(b1Year.length);
    await expect(page.locator('.catalog-card__tag')).toHaveText(b1Year.map(() => 'B1'));

    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(cards(page)).toHaveCount(all.length);
    await expect(page.getByRole('combobox', { name: 'Kursbeginn innerhalb von' })).toHaveValue('3');
    await expect(level.getByRole('checkbox', { name: 'B1' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Filter anwenden (0 ausgewählt)' })).toBeVisible();
  });

  test('applies preSelectedTags, hides the bar with hideFilter=true, and leaving the listing clears the filter', async ({
    page,
    request,
  }) => {
    const all = await groupCoursesWithin(request, 3);
    const b1 = await groupCoursesWithin(request, 3, ['b1']);
    await page.goto('/courses?preSelectedTags=b1&courseType=1');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(b1.length);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'B1' })).toBeChecked();

    await page.goto('/courses?hideFilter=true');
    await waitForListing(page);
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toHaveCount(0);

    await page.goto('/courses');
    await waitForListing(page);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('checkbox', { name: 'B1' }).check();
    await page.getByRole('button', { name: /Filter anwenden/ }).click();
    await expect(cards(page)).toHaveCount(b1.length);
    await page.getByRole('link', { name: 'Mein Konto' }).click();
    // The account is protected: a logged-out visitor lands on /login.
    await expect(page).toHaveURL(/\/login$/);
    // Back returns to the filtered listing (the filter lives in the URL); the listing's own address clears it.
    await page.goBack();
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(b1.length);
    await page.goto('/courses');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(all.length);
  });

  test('courseType=3 lists conversation hours; invalid query values are ignored without an error', async ({ page }) => {
    await page.goto('/courses?courseType=3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konversationsstunden');
    await waitForListing(page);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(/^Konversationsstunde/);
    for (const query of ['courseType=abc', 'courseType=7', 'courseType=1.5']) {
      await page.goto(`/courses?${query}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppenkurse');
      await waitForListing(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });

  test('a listing the API cannot give shows the error alert', async ({ page }) => {
    await page.route('**/api/course/search**', (route) => route.fulfill({ status: 500 }));
    await page.goto('/courses');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('shows a loading notice, then the no-courses notice with a contact link', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/course/search**', async (route) => {
      await released;
      await route.fulfill({ json: { result: { items: [], total: 0, page: 1, limit: 100 } } });
    });
    await page.goto('/courses');
    await expect(page.getByRole('status').filter({ hasText: 'Kurse werden geladen …' })).toBeVisible();
    await expectAccessible(page);
    release();
    await expect(page.getByText('Zurzeit gibt es keine passenden Kurse.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kontaktieren Sie uns – wir beraten Sie gern.' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('/products', () => {
  test('lists every product, level flex without a level tag; productId shows one; a product goes into the cart', async ({
    page,
    request,
  }) => {
    const products = await searchAll<ApiCourse>(request, '/api/product/search', '');
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prüfungsvorbereitung & Einzelangebote');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(products.length);
    const untagged = products.find((p) => p.tags.length === 0)!;
    await expect(
      cards(page)
        .filter({ hasText: germanTitle(untagged) })
        .first()
        .locator('.catalog-card__tag'),
    ).toHaveText('Flex');
    await expect(page.getByRole('link', { name: 'Zum gesamten Kursangebot' })).toHaveCount(0);
    await expectAccessible(page);

    const chosen = products[2]!;
    await page.goto(`/products?productId=${chosen.id}`);
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(germanTitle(chosen));

    await page.goto('/products?productId=abc');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(products.length);

    await page.goto(`/products?productId=${chosen.id}`);
    await cards(page).getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toContainText(germanTitle(chosen));
    await expect(page.getByTestId('cart-total')).toHaveText(euro(chosen.discountedPrice ?? chosen.price));
    const event = await page.evaluate(() =>
      (window as unknown as { dataLayer: Record<string, any>[] }).dataLayer.filter((e) => e.event === 'add_to_cart'),
    );
    expect(event).toHaveLength(1);
    expect(event[0]!.ecommerce).toMatchObject({
      currency: 'EUR',
      value: chosen.discountedPrice ?? chosen.price,
      items: [{ item_id: `product_${chosen.id}`, quantity: 1 }],
    });
  });
});

test.describe('before and without Swiper (docs/performance.md#after-the-first-paint)', () => {
  /** Holds back the slider's code (Swiper), so the page shows what it shows before that code has run. */
  const withoutSwiper = (page: Page) => page.route('**/startSlider-*.js', (route) => route.abort());
  const slideWidths = (page: Page) =>
    page
      .locator('.catalog-slider .swiper-slide')
      .evaluateAll((slides) => slides.slice(0, 3).map((slide) => Math.round(slide.getBoundingClientRect().width)));

  test('the columns are laid out as Swiper lays them out, and scroll by themselves when its code fails', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/courses');
    await waitForListing(page);
    await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
    const started = await slideWidths(page);
    expect(started[0]).toBeGreaterThan(200);

    await withoutSwiper(page);
    await page.goto('/courses');
    await waitForListing(page);
    await expect(page.locator('.catalog-slider')).toHaveClass(/catalog-slider--scrolls/);
    await expect(page.locator('.catalog-slider .swiper-initialized')).toHaveCount(0);
    expect(await slideWidths(page)).toEqual(started);
    // Every card stays in reach: the row scrolls, and the buttons that could not move it are gone.
    const row = page.locator('.catalog-slider .swiper');
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(page.getByRole('button', { name: 'Weitere Angebote' })).toBeHidden();
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    // Within the row's width once scrolled (a page fills row by row, so the last card may sit in its lower row).
    const frame = (await row.boundingBox())!;
    const last = (await cards(page).last().boundingBox())!;
    expect(last.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  });

  test("Swiper's code is asked for once the browser reports the first cards shown, not while they are painted", async ({
    page,
  }) => {
    // The browser reports a paint once it is on the screen, up to ~100 ms after the frame on a slow phone; here the
    // reports are held until 300 ms after the slider's columns came into the page, which the slider must wait for.
    await page.addInitScript(() => {
      const Reported = window.PerformanceObserver;
      const held: (() => void)[] = [];
      let reportsHeld = true;
      class HeldObserver extends Reported {
        constructor(callback: PerformanceObserverCallback) {
          super((list, observer) => {
            if (reportsHeld) held.push(() => callback(list, observer));
            else callback(list, observer);
          });
        }
      }
      window.PerformanceObserver = HeldObserver;
      new MutationObserver((_, watching) => {
        if (!document.querySelector('.catalog-slider .swiper-slide')) return;
        watching.disconnect();
        setTimeout(() => {
          performance.mark('paint-reported');
          reportsHeld = false;
          for (const report of held.splice(0)) report();
        }, 300);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/courses');
    await waitForListing(page);
    await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
    const { reported, codeAsked } = await page.evaluate(() => ({
      reported: performance.getEntriesByName('paint-reported').map((entry) => entry.startTime),
      codeAsked: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/startSlider-'))
        .map((entry) => entry.startTime),
    }));
    expect(reported).toHaveLength(1);
    expect(codeAsked).toHaveLength(1);
    expect(codeAsked[0]).toBeGreaterThanOrEqual(reported[0]!);
  });

  test('a listing whose columns all fit shows no slider buttons before Swiper runs, nor after', async ({
    page,
    request,
  }) => {
    const [product] = await searchAll<ApiCourse>(request, '/api/product/search', '');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Held, not failed: the page stays as it is before Swiper's code arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/startSlider-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products?productId=${product!.id}`);
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Weitere Angebote' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Vorherige Angebote' })).toBeHidden();
    release();
    await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weitere Angebote' })).toBeHidden();
  });
});

test.describe('/modular-course', () => {
  test('a flexible appointment is chosen by radio (again clears it) and goes into the cart', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/modular-course');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flexibles Lernen');
    await waitForListing(page);
    await expect(page.getByRole('link', { name: 'Zum gesamten Kursangebot' })).toBeVisible();
    await expect.poll(() => visibleGrid(page)).toEqual({ columns: 2, rows: 2 });
    await expect(page.locator('.swiper').first()).toHaveClass(/swiper-free-mode/);
    await expectAccessible(page);

    const card = cards(page).first();
    const title = (await card.getByRole('heading', { level: 2 }).textContent())!;
    await card.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(card.getByRole('alert')).toHaveText('Bitte wählen Sie zuerst einen Termin.');
    await expect(page).toHaveURL(/\/modular-course$/);
    await expectAccessible(page);

    const slots = card.getByRole('group', { name: 'Termin wählen' }).getByRole('radio');
    const enabled = slots.and(page.locator(':enabled'));
    await enabled.nth(0).check();
    await expect(enabled.nth(0)).toBeChecked();
    await enabled.nth(1).check();
    await expect(enabled.nth(0)).not.toBeChecked();
    await expect(card.getByRole('radio', { checked: true })).toHaveCount(1);
    await enabled.nth(1).click();
    await expect(card.getByRole('radio', { checked: true })).toHaveCount(0);

    await enabled.nth(0).click();
    const slotText = (await enabled.nth(0).locator('xpath=..').textContent())!;
    await card.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(page.getByTestId('cart-line')).toContainText(slotText.slice(0, 10));
  });

  test('flexLearningId shows one module; an invalid one shows all', async ({ page, request }) => {
    const modules = (
      (await (await request.get('/api/course/flexible-learning')).json()) as {
        result: { id: number; courses: unknown[]; titles: ApiCourse['titles'] }[];
      }
    ).result.filter((m) => m.courses.length > 0);
    await page.goto(`/modular-course?flexLearningId=${modules[1]!.id}`);
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(germanTitle(modules[1]!));
    await page.goto('/modular-course?flexLearningId=1.5');
    await waitForListing(page);
    await expect(cards(page)).toHaveCount(modules.length);
  });
});

test.describe('/products-iframe', () => {
  test('shows courses, flexible courses and products together; a course goes into the cart', async ({
    page,
    request,
  }) => {
    const products = await searchAll<ApiCourse>(request, '/api/product/search', '');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/products-iframe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unser Kursangebot');
    await waitForListing(page);
    await expect(page.locator('[data-card^="course-"]').first()).toBeAttached();
    await expect(page.locator('[data-card^="flexible-"]').first()).toBeAttached();
    await expect(page.locator('[data-card^="product-"]')).toHaveCount(products.length);
    await expect(
      page
        .locator('[data-card^="course-"] h2')
        .filter({ hasText: /^Konversationsstunde/ })
        .first(),
    ).toBeAttached();
    await expect.poll(() => visibleGrid(page)).toEqual({ columns: 3, rows: 2 });
    await expect(page.getByRole('link', { name: 'Zum gesamten Kursangebot' })).toHaveCount(0);
    await expectAccessible(page);

    const title = (await cards(page).first().getByRole('heading', { level: 2 }).textContent())!;
    await cards(page).first().getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line').getByRole('heading', { level: 2 })).toHaveText(title);
  });

  test('a level filter narrows products and flexible courses too', async ({ page }) => {
    await page.goto('/products-iframe?preSelectedTags=b2');
    await waitForListing(page);
    await expect(page.locator('[data-card^="product-"]')).toHaveCount(1);
    for (const tag of await page.locator('.catalog-card__tag').allTextContents()) expect(tag).toBe('B2');
  });
});
