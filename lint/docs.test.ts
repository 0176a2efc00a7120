import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents stay readable and trustworthy (docs/contributing.md#documents): lines fit, every decision record
 * has a status the index repeats, and no citation, in code or in a document, points at a file or section that is
 * not there.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const maxLineLength = 120;
const skipped = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', '.git', 'data']);

function* files(folder: string, pattern: RegExp): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.endsWith('-snapshots')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path, pattern);
    else if (pattern.test(entry.name)) yield path;
  }
}

const documents = [join(root, 'README.md'), ...files(join(root, 'docs'), /\.md$/)];
const codeFolders = ['api', 'shared', 'shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test'];
const code = [...codeFolders, 'e2e', 'scripts', 'lint'].flatMap((folder) => [
  ...files(join(root, folder), /\.(ts|tsx|js|mjs|cjs)$/),
]);
const name = (path: string) => relative(root, path);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = inCode ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** What is wrong with one cited path (relative to the repository) and anchor: nothing, or a sentence. */
function citationProblem(path: string, anchor: string | undefined): string | undefined {
  const file = join(root, path);
  if (!existsSync(file)) return `${path} does not exist`;
  if (anchor && path.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
    return `${path} has no section #${anchor}`;
  return undefined;
}

describe('documents', () => {
  it(`keep every line within ${maxLineLength} characters`, () => {
    const long = documents.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => ([...line].length > maxLineLength ? [`${name(file)}:${index + 1}`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('link only to files and sections that exist', () => {
    const broken = documents.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s#]*)(?:#([^)\s]+))?\)/g)].flatMap(([, target, anchor]) => {
        if (target === undefined || /^[a-z]+:/.test(target)) return [];
        const path = target === '' ? name(file) : relative(root, join(dirname(file), target));
        const problem = citationProblem(path, anchor);
        return problem ? [`${name(file)}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('decision records', () => {
  const folder = join(root, 'docs/decisions');
  const records = readdirSync(folder).filter((file) => /^\d{4}-.+\.md$/.test(file));
  const index = readFileSync(join(folder, 'README.md'), 'utf8').replace(/\n {2}/g, ' ');

  it('each say their status, and the index lists each with the same status', () => {
    const problems = records.flatMap((file) => {
      const status = /^Status: ((accepted|superseded by \d{4}|retired)[^\n]*)$/m.exec(
        readFileSync(join(folder, file), 'utf8').split('\n').slice(0, 5).join('\n'),
      );
      if (!status?.[2]) return [`${file} has no "Status:" line under its title`];
      const entry = index.split('\n').find((line) => line.includes(`](${file})`));
      if (!entry) return [`the index does not list ${file}`];
      if (!entry.includes(`**Status:** ${status[2]}`)) return [`the index gives ${file} another status`];
      return [];
    });
    expect(records.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

describe('citations in code', () => {
  it('point at documents and sections that exist', () => {
    const broken = code.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const cited = [
        ...[...text.matchAll(/\bdocs\/[\w./-]*\w\.md(?:#([\w-]+))?/g)].map((match) => ({
          path: match[0].split('#')[0] ?? '',
          anchor: match[1],
        })),
        // A record named without its folder ("0064-focus-moves-in-layout-effects.md").
        ...[...text.matchAll(/(?<![\w/])(\d{4}-[a-z0-9-]+\.md)\b/g)].map((match) => ({
          path: `docs/decisions/${match[1]}`,
          anchor: undefined,
        })),
      ];
      return cited.flatMap(({ path, anchor }) => {
        const problem = citationProblem(path, anchor);
        return problem ? [`${name(file)}: ${problem}`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});
