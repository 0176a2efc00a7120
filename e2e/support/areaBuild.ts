import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repo = resolve(import.meta.dirname, '../..');

/** Runs `npm run compose -- …args` as an operator would; resolves with its output and exit code. */
export async function compose(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['scripts/compose.mjs', ...args], { cwd: repo });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * A real production build of the catalog as its team would make it after a change: the workspace copied beside
 * the others (so it resolves the same packages), its German texts changed by `changeTexts`, built with
 * `SHOP_SHARED_RANGE` when given (a build against another @shop/shared). Returns the build folder and a cleanup.
 */
export async function buildCatalog({
  changeTexts = () => {},
  sharedRange,
  buildId,
}: {
  changeTexts?: (de: { catalog: Record<string, Record<string, string>> }) => void;
  sharedRange?: string;
  buildId: string;
}): Promise<{ dist: string; remove: () => void }> {
  const copy = mkdtempSync(join(repo, '.area-build-'));
  for (const entry of ['src', 'public', 'vite', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json']) {
    cpSync(join(repo, 'mf-catalog', entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(repo, 'mf-catalog/node_modules'), join(copy, 'node_modules'));
  const deFile = join(copy, 'src/i18n/de.json');
  const de = JSON.parse(readFileSync(deFile, 'utf8'));
  changeTexts(de);
  writeFileSync(deFile, JSON.stringify(de, null, 2));
  await run('npx', ['vite', 'build', '--outDir', join(copy, 'dist')], {
    cwd: copy,
    env: { ...process.env, SHOP_BUILD_ID: buildId, ...(sharedRange ? { SHOP_SHARED_RANGE: sharedRange } : {}) },
  });
  return { dist: join(copy, 'dist'), remove: () => rmSync(copy, { recursive: true, force: true }) };
}
