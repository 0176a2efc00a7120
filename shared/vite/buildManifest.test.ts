import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaTextsOf, provisionsOf, requirementsOf, textsFileOf } from './buildManifest.js';

const repo = (path: string) => resolve(import.meta.dirname, '../..', path);
const installed = (name: string) =>
  JSON.parse(readFileSync(repo(`node_modules/${name}/package.json`), 'utf8')).version as string;

describe("what a build names for compose's checks", () => {
  it('an area requires what the shell provides at the versions it was built against', () => {
    expect(requirementsOf(repo('mf-catalog'))).toEqual({
      react: `^${installed('react')}`,
      'react-dom': `^${installed('react-dom')}`,
      '@module-federation/runtime-core': `^${installed('@module-federation/runtime-core')}`,
    });
    expect(provisionsOf(repo('shell'))).toMatchObject({
      react: installed('react'),
      '@shop/shared': JSON.parse(readFileSync(repo('shared/package.json'), 'utf8')).version,
    });
  });

  it("an area's texts are versioned by their content: a changed text is another version", () => {
    const area = mkdtempSync(join(tmpdir(), 'area-'));
    cpSync(repo('mf-catalog/src/i18n'), join(area, 'src/i18n'), { recursive: true });
    const first = areaTextsOf(area)!;
    expect(first.texts.de).toEqual(JSON.parse(readFileSync(repo('mf-catalog/src/i18n/de.json'), 'utf8')));
    expect(areaTextsOf(area)!.version).toBe(first.version);
    const de = JSON.parse(readFileSync(join(area, 'src/i18n/de.json'), 'utf8'));
    de.catalog.courses.title = 'Kurse';
    writeFileSync(join(area, 'src/i18n/de.json'), JSON.stringify(de));
    expect(areaTextsOf(area)!.version).not.toBe(first.version);
    expect(textsFileOf(first.version)).toBe(`shop-texts.${first.version}.json`);
    // An area without texts ships none.
    expect(areaTextsOf(mkdtempSync(join(tmpdir(), 'bare-')))).toBeUndefined();
  });
});
