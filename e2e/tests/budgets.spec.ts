import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';

/**
 * Byte budgets of the composed shop: the gzip JavaScript a fresh visit of each route loads (gzip level 9 of
 * each body, so the figure does not depend on what the server sends), against budgets set just above what the
 * builds reach (docs/decisions/0013-share-strategy.md). Bytes are deterministic, so a route over its budget is a
 * real regression; the failure names the files that grew most against the recorded sizes. After an intended
 * change, `UPDATE_BUDGETS=1 npx playwright test tests/budgets.spec.ts` records the new sizes (budget = size + 2 %).
 * The same visits check that no library is loaded twice on a route.
 */
const budgetsFile = new URL('../budgets.json', import.meta.url);
interface RouteBudget {
  budgetBytes: number;
  files: Record<string, number>;
}
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as Record<string, RouteBudget>;
const update = process.env.UPDATE_BUDGETS === '1';

/** Route → the element that makes it useful. The partner frame is /products-iframe hiding header and footer. */
const routes: Record<string, string> = {
  '/': 'main h1',
  '/courses': 'main article',
  '/products-iframe': 'main article',
  '/products-iframe?hideHeader=true&hideFooter=true': 'main article',
  '/cart': 'main h1',
  '/checkout': 'main h1',
  '/level-test': 'main h1',
  '/account-data': 'main h1',
};

/**
 * A string literal each library's code carries exactly once (found in the built files): a second file with
 * it on one route means a second copy of the library.
 */
const fingerprints: Record<string, string> = {
  'react-dom': '__reactContainer$',
  'react-router': 'You cannot render a <Router>',
  zod: '$ZodType',
  'date-fns': 'Invalid time value',
  swiper: 'slidesPerGroupSkip',
  '@module-federation/runtime': 'Federation Runtime',
  i18next: 'hasLoadedNamespace: i18n.languages were undefined',
  'react-i18next': 'useTranslation: You will need to pass in an i18next instance',
};

const areaByPort: Record<string, string> = {
  '5173': 'shell',
  '5174': 'catalog',
  '5175': 'cartCheckout',
  '5176': 'account',
  '5177': 'levelTest',
};
/** A file's name without its content hash and build ids, so sizes compare across builds. */
const fileKey = (url: string) => {
  const { port, pathname } = new URL(url);
  const name = pathname
    .replace(/^.*\//, '')
    .replace(/__mf_owner__\d+/g, '')
    .replace(/-[\w-]{8}(?=\.js$)/, '')
    .replace(/^_virtual_mf___mfe_internal__/, 'mf:');
  return `${areaByPort[port] ?? port}/${pathname.includes('/partner/') ? 'partner/' : ''}${name}`;
};

async function visit(browser: Browser, path: string, selector: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<{ key: string; gzip: number; text: string } | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response
        .body()
        .then((body) => ({
          key: fileKey(response.url()),
          gzip: gzipSync(body, { level: 9 }).length,
          text: body.toString('utf8'),
        }))
        .catch(() => null),
    );
  });
  await page.goto(path);
  await expect(page.locator(selector).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(bodies)).filter((script) => script !== null);
  await context.close();
  return scripts;
}

test.describe.configure({ mode: 'serial' });
const measured: Record<string, RouteBudget> = {};

for (const [path, selector] of Object.entries(routes)) {
  test(`gzip JavaScript of ${path} stays within its budget; no library twice`, async ({ browser }) => {
    const scripts = await visit(browser, path, selector);
    const files = Object.fromEntries(scripts.map((script) => [script.key, script.gzip]));
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    measured[path] = { budgetBytes: Math.ceil(total * 1.02), files };

    for (const [library, marker] of Object.entries(fingerprints)) {
      const copies = scripts.filter((script) => script.text.includes(marker)).map((script) => script.key);
      expect(copies.length, `${library} on ${path} in: ${copies.join(', ')}`).toBeLessThanOrEqual(1);
    }

    if (update) return;
    const budget = budgets[path];
    expect(budget, `no budget for ${path}: run with UPDATE_BUDGETS=1`).toBeDefined();
    if (total > budget!.budgetBytes) {
      const growth = Object.entries(files)
        .map(([key, gzip]) => ({ key, added: gzip - (budget!.files[key] ?? 0) }))
        .filter((file) => file.added > 0)
        .sort((a, b) => b.added - a.added)
        .slice(0, 8)
        .map((file) => `${file.key} +${(file.added / 1024).toFixed(1)} KB`);
      throw new Error(
        `${path} loads ${(total / 1024).toFixed(1)} KB gzip JavaScript, over its budget of ${(budget!.budgetBytes / 1024).toFixed(1)} KB. Biggest additions: ${growth.join('; ')}`,
      );
    }
  });
}

test.afterAll(() => {
  if (update) writeFileSync(budgetsFile, `${JSON.stringify({ ...budgets, ...measured }, null, 2)}\n`);
});
