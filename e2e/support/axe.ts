import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA checks of axe-core on the current page; any violation fails the journey. `exclude`
 * leaves parts out (CSS selectors), e.g. another area's content when a journey checks the shell's frame.
 */
export async function expectAccessible(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  // A notice fading in has a colour between its own and the page's: judge the page once finite animations ended.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe-core WCAG 2.1 AA violations').toEqual([]);
}
