import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { liveComposition, switchTo } from '@shop/shared/vite/compositionStore';
import { buildCatalog, compose, repo } from '../support/areaBuild.ts';
import { expectAccessible } from '../support/axe.ts';
import { addStaff, backofficeUrl, completeSetup, staffEmail } from '../support/backoffice.ts';
import { mainHeading } from '../support/navigation.ts';
import { serveDir } from '../support/staticDir.ts';

/**
 * docs/deploy.md#deploy-one-area-on-its-own, walked with real builds against the running shop (the shell's build
 * on 5173, the API on 3000, neither restarted nor rebuilt): the catalog team changes a text, builds, publishes
 * its build to a versioned folder, composes it in, and the shop shows the new text; a rollback brings the old
 * text back. A catalog built for a newer @shop/shared than the shell runs is refused by compose.
 */
const shellDir = join(repo, 'shell/dist');
const shellShared = JSON.parse(readFileSync(join(repo, 'shared/package.json'), 'utf8')).version as string;
const areasDir = mkdtempSync(join(tmpdir(), 'shop-areas-'));
let areas: { server: Server; url: string };
let firstLive: string | undefined;
const removals: (() => void)[] = [];

test.beforeAll(async () => {
  areas = await serveDir(areasDir);
  firstLive = liveComposition(shellDir);
});

test.afterAll(async () => {
  // Whatever happened, the journeys after this one find the composition `npm run build` made.
  if (firstLive && liveComposition(shellDir) !== firstLive) switchTo(shellDir, firstLive);
  for (const remove of removals) remove();
  await new Promise((done) => areas.server.close(done));
});

/** The catalog text the API serves for `key` (the shop's German texts). */
async function catalogTitle(key = 'catalog.courses.title'): Promise<string> {
  const response = await fetch('http://127.0.0.1:3000/api/translation/de?ns=catalog');
  return ((await response.json()) as { result: Record<string, string> }).result[key]!;
}

/** The text the operator edits: another of the catalog's, so the shop's other journeys meet theirs unchanged. */
const edited = 'catalog.courses.conversationTitle';

/** The heading of /courses in a fresh browser context (no texts cached from an earlier visit). */
async function coursesHeading(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/courses');
  await expect(mainHeading(page)).not.toHaveText('');
  const text = (await mainHeading(page).textContent()) ?? '';
  await context.close();
  return text;
}

test('a catalog text change deployed alone goes live without an API restart, and a rollback brings it back', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  expect(firstLive, 'npm run build composed the shop').toBeTruthy();
  await expect.poll(() => coursesHeading(browser)).toBe('Gruppenkurse');

  // Meanwhile the school's operator has edited another of the catalog's texts in the back office.
  await completeSetup(page, await addStaff(staffEmail('deploy'), 'staff'), 'Backoffice-Passwort-1');
  await page.goto(`${backofficeUrl}/texts/${edited}`);
  await page.getByLabel('Deutsch', { exact: true }).fill('Konversation mit uns');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert')).toBeVisible();

  // Build: the catalog team changes its text and builds the catalog alone.
  const build = await buildCatalog({
    buildId: 'e2e-text-change',
    changeTexts: (de) => {
      de.catalog.courses!.title = 'Gruppenkurse in kleinen Gruppen';
      de.catalog.courses!.conversationTitle = 'Konversationsstunden online';
    },
  });
  removals.push(build.remove);
  // Publish: to a folder named by the build's version, served as it is.
  const published = await compose('--publish=catalog', `--dist=${build.dist}`, `--areas-dir=${areasDir}`);
  expect(published.code, published.stderr).toBe(0);
  const version = published.stdout.trim().split('/').at(-1);
  // Publishing the same build again is refused: a published build is never overwritten.
  expect((await compose('--publish=catalog', `--dist=${build.dist}`, `--areas-dir=${areasDir}`)).code).toBe(1);

  // Compose: the catalog from its new place, the other areas from where they run.
  const composed = await compose(`--catalog=${areas.url}catalog/${version}/`);
  expect(composed.code, composed.stderr).toBe(0);
  const newLive = liveComposition(shellDir);
  expect(newLive).not.toBe(firstLive);

  // Verify: the API serves the new text (it was not restarted: its texts follow the composition), and so the shop.
  expect(await catalogTitle()).toBe('Gruppenkurse in kleinen Gruppen');
  expect(await coursesHeading(browser)).toBe('Gruppenkurse in kleinen Gruppen');
  // The operator's edit stays on top, and the back office flags that the text shipped under it changed.
  expect(await catalogTitle(edited)).toBe('Konversation mit uns');
  await page.goto(`${backofficeUrl}/texts?filter=${encodeURIComponent(JSON.stringify({ q: edited }))}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: edited, exact: true }) });
  await expect(row.getByText('DE: Der ausgelieferte Text hat sich seit Ihrer Änderung geändert')).toBeVisible();
  await expectAccessible(page);
  const listed = await compose('--list');
  expect(listed.stdout).toMatch(new RegExp(`^\\* ${newLive} .*catalog 1\\.0\\.0\\+e2e-text-change`, 'm'));

  // Roll back: one step, and the old text is back.
  const rolledBack = await compose('--rollback');
  expect(rolledBack.code, rolledBack.stderr).toBe(0);
  expect(liveComposition(shellDir)).toBe(firstLive);
  expect(await catalogTitle()).toBe('Gruppenkurse');
  expect(await coursesHeading(browser)).toBe('Gruppenkurse');
  // Back on the text it was made over, the edit is no longer flagged; emptied, the shipped text shows again.
  await page.reload();
  await expect(row.getByText('DE', { exact: true })).toBeVisible();
  await page.goto(`${backofficeUrl}/texts/${edited}`);
  await page.getByLabel('Deutsch', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert')).toBeVisible();
  expect(await catalogTitle(edited)).toBe('Konversationsstunden');
});

test('compose refuses a catalog built for a newer @shop/shared than the shell runs, and nothing live changes', async () => {
  test.setTimeout(240_000);
  const [major, minor] = shellShared.split('.').map(Number);
  const needs = `^${major}.${minor! + 1}.0`;
  const build = await buildCatalog({ buildId: 'e2e-too-new', sharedRange: needs });
  removals.push(build.remove);
  const published = await compose('--publish=catalog', `--dist=${build.dist}`, `--areas-dir=${areasDir}`);
  expect(published.code, published.stderr).toBe(0);
  const live = liveComposition(shellDir);
  const before = (await compose('--list')).stdout;

  const refused = await compose(`--catalog=${areas.url}catalog/${published.stdout.trim().split('/').at(-1)}/`);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`catalog: needs @shop/shared ${needs}, the shell provides ${shellShared}`);
  expect(refused.stderr.trim().split('\n')).toHaveLength(2);
  expect(liveComposition(shellDir)).toBe(live);
  expect((await compose('--list')).stdout).toBe(before);
});
