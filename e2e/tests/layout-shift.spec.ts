import { expect, test, type Page } from '@playwright/test';
import { waitForListing } from '../support/catalog.ts';

/**
 * The listings reserve their room while they load, so nothing jumps when the cards, the filter or the font
 * arrive (docs/decisions/0036-screenshots-and-layout-shift.md). The page's layout shifts are summed from the
 * first paint until the cards show (shifts right after an input do not count, as in CLS).
 */

/** Slower than a local machine: the loading state paints first, then the data, then the font, as on a phone. */
async function slowNetwork(page: Page) {
  await page.route(/\/api\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.route(/\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
}

/** Starts summing layout-shift entries before any page script runs. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0, sources: [] as string[] };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          const [from, to] = [source.previousRect, source.currentRect];
          shifts.sources.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${element?.tagName ?? '?'}.${element?.className ?? ''} ` +
              `y ${from.y}→${to.y}, h ${from.height}→${to.height}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the font is in and two frames have been drawn after the cards. */
const shiftsAfterListing = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { __shifts: { total: number; sources: string[] } }).__shifts;
  });

for (const route of ['/courses', '/products-iframe']) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`${route} at ${viewport.width} px shifts its layout by at most 0.05 while it loads`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await slowNetwork(page);
      await observeShifts(page);
      await page.goto(route);
      await waitForListing(page);
      await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
      const shifts = await shiftsAfterListing(page);
      expect(shifts.total, shifts.sources.join('\n')).toBeLessThanOrEqual(0.05);
    });
  }
}
