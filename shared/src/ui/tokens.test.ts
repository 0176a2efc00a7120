import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tokensCss } from './tokens.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const areas = ['shell', 'shared', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test'];

/** Every stylesheet of the areas (`*.css.ts`), the tokens themselves excepted. */
function styleFiles(): string[] {
  return areas.flatMap((area) =>
    (readdirSync(path.join(repoRoot, area, 'src'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.css.ts'))
      .map((file) => path.join(repoRoot, area, 'src', file)),
  );
}

/** Literal colours and pixel sizes; media queries may name widths in px (custom properties do not work there). */
function hardCoded(css: string): string[] {
  const withoutMedia = css.replace(/@media[^{]*\{/g, '@media {');
  return [...withoutMedia.matchAll(/#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|\b\d+(?:\.\d+)?px\b/g)].map(
    (match) => match[0],
  );
}

describe('design tokens', () => {
  it('finds the stylesheets of every area', () => {
    const files = styleFiles();
    for (const area of areas.filter((a) => a !== 'shared'))
      expect(files.some((file) => file.includes(`${path.sep}${area}${path.sep}`))).toBe(true);
  });

  it.each(styleFiles().map((file) => [path.relative(repoRoot, file), file]))(
    '%s takes colours and sizes from the tokens',
    (_name, file) => {
      expect(hardCoded(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('defines every custom property the stylesheets use', () => {
    const defined = new Set([...tokensCss.matchAll(/(--shop-[\w-]+):/g)].map((match) => match[1]));
    const used = new Set(
      styleFiles().flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/var\((--shop-[\w-]+)/g)].map((match) => match[1]),
      ),
    );
    expect([...used].filter((name) => !defined.has(name!))).toEqual([]);
  });
});
