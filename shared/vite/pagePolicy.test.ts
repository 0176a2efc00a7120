// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptHash, tagManagerOrigin } from '../server/csp.js';
import { pagePolicyOf, shellPageOrigins, withPagePolicy, writePagePolicies } from './pagePolicy.js';

const page = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>Kursshop</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <script>boot()</script>
  </head>
  <body></body>
</html>`;

describe('withPagePolicy', () => {
  it('puts the policy right after the charset, before anything that loads, with the hashes of the inline scripts', () => {
    const html = withPagePolicy(page, ['http://localhost:5174/remoteEntry.js']);
    const policy = pagePolicyOf(html);
    expect(policy).toBe(
      `script-src 'self' http://localhost:5174 ${scriptHash('boot()')}; object-src 'none'; base-uri 'self'`,
    );
    expect(html).toContain(
      `    <meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />\n    <title>`,
    );
  });

  it('replaces the policy written before: one element, the new origins and the scripts the page has now', () => {
    const once = withPagePolicy(page, ['https://old.example']);
    const again = withPagePolicy(once.replace('boot()', 'start()'), ['https://new.example']);
    expect(again.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(pagePolicyOf(again)).toBe(
      `script-src 'self' https://new.example ${scriptHash('start()')}; object-src 'none'; base-uri 'self'`,
    );
    expect(withPagePolicy(again, ['https://new.example'])).toBe(again);
    expect(pagePolicyOf(page)).toBeNull();
  });
});

describe('shellPageOrigins', () => {
  it("lets the shop's page load the remotes and the tag manager, the partner page the remotes only", () => {
    const entries = ['https://catalog.example/remoteEntry.js', 'https://shop.example/areas/account/remoteEntry.js'];
    expect(shellPageOrigins('index.html', entries)).toEqual([
      'https://catalog.example',
      'https://shop.example',
      tagManagerOrigin,
    ]);
    expect(shellPageOrigins('partner/products-iframe.html', entries)).toEqual([
      'https://catalog.example',
      'https://shop.example',
    ]);
  });
});

describe('writePagePolicies', () => {
  it('writes every page of a build folder with its own origins, and leaves assets alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-policy-'));
    mkdirSync(join(dir, 'partner'));
    mkdirSync(join(dir, 'assets'));
    for (const file of ['index.html', 'partner/products-iframe.html', 'assets/inner.html'])
      writeFileSync(join(dir, file), page);
    const written = writePagePolicies(dir, (name) => [`https://${name.replace(/\W/g, '-')}.example`], writeFileSync);
    expect(written.sort()).toEqual([join(dir, 'index.html'), join(dir, 'partner/products-iframe.html')]);
    expect(pagePolicyOf(readFileSync(join(dir, 'index.html'), 'utf8'))).toContain('https://index-html.example');
    expect(pagePolicyOf(readFileSync(join(dir, 'partner/products-iframe.html'), 'utf8'))).toContain(
      'https://partner-products-iframe-html.example',
    );
    expect(readFileSync(join(dir, 'assets/inner.html'), 'utf8')).toBe(page);
  });
});
