import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { waitForListing } from '../support/catalog.ts';
import { chromiumLaunchOptions, type FontSet } from '../support/chromium.ts';

/**
 * The listings reserve their room while they load, so nothing jumps when the cards, the filter or the font
 * arrive (docs/decisions/0036-screenshots-and-layout-shift.md). The page's layout shifts are summed from the
 * first paint until the cards show (shifts right after an input do not count, as in CLS). Each page is loaded
 * with the fallback of a plain Linux machine (DejaVu) and with that of one with Arial (Windows, macOS), the two
 * font sets of support/chromium.ts: until Figtree has loaded, each draws the text in another face.
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

/** The journeys' browser sees the DejaVu set; the Arial set has a browser of its own. */
let arialBrowser: Browser | undefined;
test.afterAll(async () => arialBrowser?.close());

async function pageWith(fonts: FontSet, page: Page, baseURL: string | undefined): Promise<Page> {
  if (fonts === 'dejavu') return page;
  arialBrowser ??= await chromium.launch(chromiumLaunchOptions('arial'));
  const context = await arialBrowser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  return context.newPage();
}

for (const fonts of ['dejavu', 'arial'] as const) {
  for (const route of ['/courses', '/products-iframe']) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      test(`${route} at ${viewport.width} px, ${fonts} fonts, shifts its layout by at most 0.05 while it loads`, async ({
        page: journeyPage,
        baseURL,
      }) => {
        const page = await pageWith(fonts, journeyPage, baseURL);
        await page.setViewportSize(viewport);
        await slowNetwork(page);
        await observeShifts(page);
        await page.goto(route);
        await waitForListing(page);
        await expect(page.locator('.catalog-slider .swiper-initialized')).toBeVisible();
        const shifts = await shiftsAfterListing(page);
        if (page !== journeyPage) await page.context().close();
        expect(shifts.total, shifts.sources.join('\n')).toBeLessThanOrEqual(0.05);
      });
    }
  }
}
