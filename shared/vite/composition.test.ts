import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scriptHash, tagManagerOrigin } from '../server/csp.js';
import { compositionElementId, inlineComposition, writeComposition } from './composition.js';
import { pagePolicyOf } from './pagePolicy.js';

const empty = `<script type="application/json" id="${compositionElementId}"></script>`;
const page = (element = empty) =>
  `<!doctype html><html><head>${element}<script>boot()</script></head><body></body></html>`;
const composed = { timeoutMs: 8000, remotes: { catalog: 'https://catalog.example/remoteEntry.js' }, areas: {} };

/** What the page's script reads: the element's text, as the browser gives it. */
const carried = (html: string) => {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return JSON.parse(document.getElementById(compositionElementId)?.textContent ?? 'null') as unknown;
};

describe('inlineComposition', () => {
  it('fills the empty element, and replaces a composition written before', () => {
    const once = inlineComposition(page(), composed);
    expect(carried(once)).toEqual(composed);
    const again = inlineComposition(once, { ...composed, timeoutMs: 1500 });
    expect(carried(again)).toEqual({ ...composed, timeoutMs: 1500 });
    expect(again.match(new RegExp(`id="${compositionElementId}"`, 'g'))).toHaveLength(1);
    expect(again).toContain('<script>boot()</script>');
  });

  it('writes no text of a manifest that could end the element: < is escaped, and reads back the same', () => {
    const hostile = { ...composed, areas: { catalog: { version: '</script><script>alert(1)</script><!--' } } };
    const html = inlineComposition(page(), hostile);
    expect(html).not.toContain('alert(1)</script>');
    expect(carried(html)).toEqual(hostile);
    const document = new DOMParser().parseFromString(html, 'text/html');
    expect(document.querySelectorAll('script')).toHaveLength(2);
  });

  it('lets the page load scripts from the composed remotes, the tag manager and its own inline scripts only', () => {
    const html = inlineComposition(page(), composed);
    expect(pagePolicyOf(html)).toBe(
      `script-src 'self' https://catalog.example ${tagManagerOrigin} ${scriptHash('boot()')}; object-src 'none'; base-uri 'self'`,
    );
    const recomposed = inlineComposition(html, {
      ...composed,
      remotes: { catalog: 'https://new.example/remoteEntry.js' },
    });
    expect(pagePolicyOf(recomposed)).toContain("script-src 'self' https://new.example https://www");
    expect(recomposed).not.toContain('https://catalog.example');
  });

  it("refuses a page without the element: the shell's build did not run bootPreloadPlugin", () => {
    expect(() => inlineComposition('<html><head></head></html>', composed)).toThrow(compositionElementId);
  });
});

describe('writeComposition', () => {
  it("writes remotes.json and the shell's page beside it, each with fresh compressed copies", () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-composition-'));
    const padded = { ...composed, areas: { catalog: { paths: Array.from({ length: 80 }, (_, i) => `/p${i}`) } } };
    writeFileSync(join(dir, 'index.html'), page());
    writeFileSync(join(dir, 'index.html.br'), 'stale');
    expect(writeComposition(join(dir, 'remotes.json'), padded)).toBe(join(dir, 'index.html'));
    expect(JSON.parse(readFileSync(join(dir, 'remotes.json'), 'utf8'))).toEqual(padded);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(carried(html)).toEqual(padded);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, 'remotes.json.gz'))).toString()).toBe(
      readFileSync(join(dir, 'remotes.json'), 'utf8'),
    );
  });

  it("lets the shell's partner page beside it load the composed remotes", () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-composition-'));
    mkdirSync(join(dir, 'partner'));
    writeFileSync(join(dir, 'index.html'), page());
    const partnerPage =
      '<!doctype html><html><head><meta charset="UTF-8" /><script type="module">go()</script></head></html>';
    writeFileSync(join(dir, 'partner', 'products-iframe.html'), partnerPage);
    writeComposition(join(dir, 'remotes.json'), composed);
    expect(pagePolicyOf(readFileSync(join(dir, 'partner', 'products-iframe.html'), 'utf8'))).toBe(
      `script-src 'self' https://catalog.example ${scriptHash('go()')}; object-src 'none'; base-uri 'self'`,
    );
  });

  it("writes remotes.json alone where no shell's page lies beside it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-composition-'));
    expect(writeComposition(join(dir, 'remotes.json'), composed)).toBeUndefined();
    expect(existsSync(join(dir, 'remotes.json'))).toBe(true);
    expect(existsSync(join(dir, 'index.html'))).toBe(false);
    // An area's own page, without the element, stays as it is.
    const areaPage = '<!doctype html><html><head><script type="module" src="./main.js"></script></head></html>';
    writeFileSync(join(dir, 'index.html'), areaPage);
    expect(writeComposition(join(dir, 'remotes.json'), composed)).toBeUndefined();
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(areaPage);
  });
});
