// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  mergePolicies,
  originsFromEnv,
  pageScriptPolicy,
  parseHstsIncludeSubDomains,
  scriptHash,
  securityHeaders,
  strictTransportSecurity,
} from './index.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes every script the browser runs, each once, and no data block, external script or comment', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index.js"></script>
      <script type="application/json" id="shop-composition">{"remotes":{}}</script>
      <script>boot()</script>
      <!-- <script>commented()</script> -->
      <script type="module">await start()</script>
      <SCRIPT TYPE='text/javascript'>boot()</SCRIPT>
      <script type="importmap">{"imports":{}}</script>
      <script type="text/plain">not run</script>
    </head></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha('boot()'), sha('await start()'), sha('{"imports":{}}')]);
  });

  it('hashes the text as the browser reads it: line ends as LF', () => {
    expect(scriptHash('a();\r\nb();\rc();')).toBe(sha('a();\nb();\nc();'));
  });
});

describe('pageScriptPolicy', () => {
  it("own origin, the named origins and the hashes; never 'unsafe-inline' or 'unsafe-eval'", () => {
    const policy = pageScriptPolicy({
      origins: ['https://catalog.example/areas/catalog/remoteEntry.js', 'https://catalog.example/x', 'http://l:5174'],
      hashes: [sha('boot()')],
    });
    expect(policy).toBe(
      `script-src 'self' https://catalog.example http://l:5174 ${sha('boot()')}; object-src 'none'; base-uri 'self'`,
    );
    expect(policy).not.toMatch(/unsafe/);
  });
});

describe('mergePolicies', () => {
  it("puts the page's directives in place of the server's, each directive once", () => {
    expect(
      mergePolicies(
        "frame-ancestors 'self' https://shop.example; base-uri 'self'; object-src 'none'",
        "script-src 'self' 'sha256-x'; object-src 'none'; base-uri 'self'",
      ),
    ).toBe(
      "frame-ancestors 'self' https://shop.example; base-uri 'self'; object-src 'none'; script-src 'self' 'sha256-x'",
    );
  });
});

describe('Strict-Transport-Security', () => {
  it('a year; subdomains unless HSTS_INCLUDE_SUBDOMAINS=false; anything else is refused', () => {
    expect(strictTransportSecurity({ includeSubDomains: true })).toBe('max-age=31536000; includeSubDomains');
    expect(strictTransportSecurity({ includeSubDomains: false })).toBe('max-age=31536000');
    expect(parseHstsIncludeSubDomains(undefined)).toBe(true);
    expect(parseHstsIncludeSubDomains(' TRUE ')).toBe(true);
    expect(parseHstsIncludeSubDomains('false')).toBe(false);
    expect(() => parseHstsIncludeSubDomains('no')).toThrow(/HSTS_INCLUDE_SUBDOMAINS/);
  });

  it('is sent by the static servers of an https shop, and not for a shop on plain http', () => {
    const https = securityHeaders(
      originsFromEnv({ SHOP_URL: 'https://shop.example', HSTS_INCLUDE_SUBDOMAINS: 'false' }),
    );
    expect(https['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(securityHeaders(originsFromEnv({}))['Strict-Transport-Security']).toBeUndefined();
  });
});
