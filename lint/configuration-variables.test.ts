import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/configuration.md says it lists every variable the shop reads. This holds it to that, both ways: each
 * environment variable the code reads is listed there, and each variable listed there is read somewhere.
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
 * (a reader helper), `read.NAME` (the environment as a config's zod schema parsed it), and
 * `process.env[\`PREFIX_${…}\`]` (a family such as PORT_<AREA>, kept as its prefix).
 */
const readPatterns = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
  /\(env, '([A-Z][A-Z0-9_]*)'/g,
  /\bread\.([A-Z][A-Z0-9_]*)\b/g,
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

/** The configuration page. */
function configurationPage(): string {
  return readFileSync(join(root, 'docs/configuration.md'), 'utf8');
}

/**
 * The names a list item of the page starts with: an item that begins with PORT and HOST in backticks, then its
 * default, lists both; SHOP_AREA_URL_<AREA> lists the family prefix SHOP_AREA_URL_. A name mentioned further on in
 * an item's text is not listed by it, so every variable has an item of its own.
 */
function variablesListed(page: string): string[] {
  return page
    .split('\n')
    .map((line) => /^- ((?:`[A-Z][A-Z0-9_]*(?:<[A-Z]+>)?`(?:, )?)+)/.exec(line)?.[1] ?? '')
    .flatMap((head) => [...head.matchAll(/`([A-Z][A-Z0-9_]*)(?:<[A-Z]+>)?`/g)].map(([, name]) => name ?? ''));
}

/** Whether a variable the code reads (or a family prefix such as `PORT_`) is among the listed names. */
function isListed(name: string, listed: string[]): boolean {
  return listed.some((entry) => entry === name || (name.endsWith('_') && entry.startsWith(name)));
}

describe('docs/configuration.md', () => {
  const read = variablesRead();
  const listed = variablesListed(configurationPage());

  it('lists every environment variable the code reads', () => {
    const unlisted = [...read].filter(([name]) => !isListed(name, listed)).map(([name, file]) => `${name} (${file})`);
    expect(unlisted).toEqual([]);
  });

  it('lists no variable the code does not read', () => {
    const names = [...read.keys()];
    expect(listed).toContain('NODE_ENV');
    const unread = listed.filter(
      (listed) => !names.some((name) => name === listed || (name.endsWith('_') && listed.startsWith(name))),
    );
    expect(unread).toEqual([]);
  });
});
