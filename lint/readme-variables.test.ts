import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * README's "Configuration" says it lists every variable the shop reads. This holds it to that, both ways: each
 * environment variable the code reads is named there, and each variable named there is read somewhere.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Where code reads the environment: the API and its tools, @shop/shared's Node and browser code, scripts, areas, e2e. */
const folders = [
  'api/src',
  'api/bench',
  'api/probe',
  'shared/src',
  'shared/vite',
  'shared/server',
  'scripts',
  'shell',
  'mf-catalog',
  'mf-cart-checkout',
  'mf-account',
  'mf-level-test',
  'backoffice',
  'e2e',
];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'fixtures']);

/** Node's and Vite's own, not the shop's settings. */
const notTheShops = new Set(['PATH', 'BASE_URL']);

/**
 * `process.env.NAME`, `env.NAME` / `env?.NAME` (a config reader's parameter, `import.meta.env`), `(env, 'NAME'`
 * (a reader helper), and `process.env[\`PREFIX_${…}\`]` (a family such as PORT_<AREA>, kept as its prefix).
 */
const readPatterns = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
  /\(env, '([A-Z][A-Z0-9_]*)'/g,
  /process\.env\[`([A-Z][A-Z0-9_]*_)\$\{/g,
];

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.endsWith('-snapshots')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) yield path;
  }
}

/** Every variable name (or family prefix) the code reads, with the first file that reads it. */
function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  for (const folder of folders)
    for (const file of sourceFiles(join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of readPatterns)
        for (const [, name] of text.matchAll(pattern))
          if (name && !notTheShops.has(name) && !read.has(name)) read.set(name, file.slice(root.length));
    }
  return read;
}

/** README's "Configuration" section: its table and the sentences around it. */
function configurationSection(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start, 'README has a "Configuration" section').toBeGreaterThan(-1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The names in the first column of the section's table (`SHOP_AREA_URL_<AREA>` as `SHOP_AREA_URL_`). */
function variablesListed(section: string): string[] {
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split(' | ')[0] ?? '');
  return firstCells.flatMap((cell) =>
    [...cell.matchAll(/`([A-Z][A-Z0-9_]*)(?:<[A-Z]+>)?`/g)].map(([, name]) => name ?? ''),
  );
}

describe('README "Configuration"', () => {
  const read = variablesRead();
  const section = configurationSection();

  it('names every environment variable the code reads', () => {
    const unlisted = [...read]
      .filter(([name]) => !section.includes(`\`${name}`))
      .map(([name, file]) => `${name} (${file})`);
    expect(unlisted).toEqual([]);
  });

  it('names no variable the code does not read', () => {
    const names = [...read.keys()];
    const listed = variablesListed(section);
    expect(listed).toContain('NODE_ENV');
    const unread = listed.filter(
      (listed) => !names.some((name) => name === listed || (name.endsWith('_') && listed.startsWith(name))),
    );
    expect(unread).toEqual([]);
  });
});
