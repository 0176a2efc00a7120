import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { serveComposition } from '../support/composition.ts';
import { mainHeading } from '../support/navigation.ts';
import { serveDir } from '../support/staticDir.ts';

/**
 * docs/decisions/0031 and 0032: an area deploys alone. Real builds of the level-test area with one page more
 * (e2e/fixtures/extra-page), one against the @shop/shared range the shop has and one against the next major;
 * each is served from its own origin, `npm run compose` writes a remotes.json naming it, and the shell's
 * unchanged build (on 5173) is served that composition as a deploy would replace it (in remotes.json and in the
 * shell's page).
 */
const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const shellShared = JSON.parse(readFileSync(join(repo, 'shared/package.json'), 'utf8')).version as string;

interface Deployed {
  server: Server;
  remotesJson: string;
  /** What compose said when it refused the build (scripts/compose.mjs checks before anything is written). */
  refused?: string;
}

async function deployLevelTest(sharedRange: string): Promise<Deployed> {
  const outDir = mkdtempSync(join(tmpdir(), 'shop-area-'));
  await run('npx', ['vite', 'build', '-c', '../e2e/fixtures/extra-page/vite.config.ts', '--outDir', outDir], {
    cwd: join(repo, 'mf-level-test'),
    env: { ...process.env, SHOP_SHARED_RANGE: sharedRange },
  });
  const { server, url } = await serveDir(outDir);
  const remotesJson = join(outDir, 'remotes.json');
  // The other areas' manifests come from their running servers (5174–5176), as in a real deploy.
  try {
    await run('node', ['scripts/compose.mjs', `--levelTest=${url}`, `--out=${remotesJson}`], { cwd: repo });
    return { server, remotesJson };
  } catch (error) {
    return { server, remotesJson, refused: (error as { stderr: string }).stderr };
  }
}

const deploys: Record<'compatible' | 'clash', Deployed | undefined> = { compatible: undefined, clash: undefined };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Built against an older minor of the shop's major (compatible), and against the next major (a clash).
  const [major] = shellShared.split('.');
  [deploys.compatible, deploys.clash] = await Promise.all([
    deployLevelTest(`^${major}.0.0`),
    deployLevelTest(`^${Number(major) + 1}.0.0`),
  ]);
});

test.afterAll(async () => {
  for (const deployed of Object.values(deploys)) await new Promise((done) => deployed?.server.close(done));
});

interface Composed {
  areas: { levelTest: { paths: string[]; shared: string } };
}

async function useComposed(
  page: Page,
  deployed: Deployed | undefined,
  change: (composed: Composed) => void = () => {},
) {
  const composed = JSON.parse(readFileSync(deployed!.remotesJson, 'utf8')) as Composed;
  change(composed);
  await serveComposition(page, composed);
  return composed;
}

test('a page added to an area is reached through the unchanged shell once the area is recomposed', async ({ page }) => {
  const composed = await useComposed(page, deploys.compatible);
  expect(composed.areas.levelTest.paths).toContain('/level-test-news');
  const clashes: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('@shop/shared')) clashes.push(message.text());
  });

  await page.goto('/level-test-news');
  await expect(mainHeading(page)).toHaveText('Neue Seite des Einstufungstests');
  // The area's other pages come from the new build too, and other areas are untouched.
  await page.goto('/level-test');
  await expect(mainHeading(page)).toHaveText('Einstufungstest');
  await page.goto('/courses');
  await expect(mainHeading(page)).toHaveText('Gruppenkurse');
  // A remote built against an older minor of the same major is mounted without complaint.
  expect(clashes).toEqual([]);
});

test('without recomposing, the new path is unknown and redirects as every unknown path does', async ({ page }) => {
  await page.goto('/level-test-news');
  await expect(page).toHaveURL(/\/(account-data|login)/);
});

test('compose refuses a remote built against another major of @shop/shared, one line naming why', () => {
  const [major] = shellShared.split('.');
  expect(deploys.clash?.refused).toContain(
    `levelTest: needs @shop/shared ^${Number(major) + 1}.0.0, the shell provides ${shellShared}`,
  );
  expect(existsSync(deploys.clash!.remotesJson)).toBe(false);
});

test('a remote built against another major of @shop/shared is refused; the rest and the cart keep working', async ({
  page,
}) => {
  // A composition compose would refuse, as one written by hand (or by a compose from before it checked) is.
  const [major] = shellShared.split('.');
  const composed = await useComposed(page, deploys.compatible, (c) => {
    c.areas.levelTest.shared = `^${Number(major) + 1}.0.0`;
  });
  // The shell reports what it contained: the area and the reason, nothing else (docs/decisions/0121).
  const report = page.waitForRequest((request) => request.url().endsWith('/api/area-failures'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/level-test');
  await expect(page.getByRole('alert')).toContainText('Dieser Bereich ist gerade nicht erreichbar');
  expect(errors.join('\n')).toContain(
    `needs @shop/shared ${composed.areas.levelTest.shared}, this page runs ${shellShared}`,
  );
  // Refused before its entry was loaded: the clashing build's code never ran on the page.
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)),
  ).not.toContainEqual(expect.stringContaining('127.0.0.1'));
  const reported = await report;
  expect(reported.postDataJSON()).toEqual({ area: 'levelTest', reason: 'version-clash' });
  expect((await reported.response())?.status()).toBe(204);
  // Retry checks again (with a fresh remotes.json) and refuses again.
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Bereich ist gerade nicht erreichbar');

  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.getByRole('link', { name: 'Mein Konto' }).click();
  await expect(mainHeading(page)).toHaveText('Anmelden');
});
