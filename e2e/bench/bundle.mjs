#!/usr/bin/env node
/**
 * npm run bench:bundle — the composed shop against the same sources built as one ordinary Vite React app
 * (bench/one-app), per route: JavaScript gzip and raw bytes, JS requests, all requests, serial hops before the
 * route's first meaningful element, and the composed/one-app ratio of gzip bytes. Production builds served by
 * `vite preview` with the shop's static-file handling (precompressed brotli/gzip, see shared/vite/staticFiles.js);
 * gzip bytes are gzip level 9 of each body, so both builds are counted alike whatever encoding went over the
 * wire. A fresh browser context per visit, so nothing comes from the cache. Figures, not a timed test.
 * Expects `npm run build` and the one-app build to be done (the root `bench:bundle` script does both).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { kb, measureRoute, routes } from './measure.mjs';
import { servePartnerPage, startShops, stopAll } from './servers.mjs';

/** A partner's plain page with the one-script embed. */
const embedPage = (
  catalog,
  api,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title></head>
<body><main><h1>Partner school</h1><div id="courses"></div>
<script type="module" src="${catalog}/embed.js" data-target="#courses" data-api="${api}" data-shop="http://shop.example"></script>
</main></body></html>`;

try {
  const { composed, oneApp, partnerOrigin, partnerPort, catalog, api } = await startShops();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const header = [
    'route',
    'gzip JS',
    'raw JS',
    'JS req',
    'all req',
    'hops',
    '|',
    'gzip JS',
    'raw JS',
    'JS req',
    'all req',
    'hops',
    '|',
    'ratio',
  ];
  const widths = [18, 10, 10, 7, 8, 5, 2, 10, 10, 7, 8, 5, 2, 7];
  const row = (cells) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join(' ');
  console.log(`\n${' '.repeat(19)}composed (Module Federation)${' '.repeat(20)}one app`);
  console.log(row(header));
  const details = [];
  for (const path of routes) {
    const a = await measureRoute(browser, composed, path);
    const b = await measureRoute(browser, oneApp, path);
    console.log(
      row([
        path,
        kb(a.gzip),
        kb(a.bytes),
        a.jsRequests,
        a.requests,
        a.hops,
        '|',
        kb(b.gzip),
        kb(b.bytes),
        b.jsRequests,
        b.requests,
        b.hops,
        '|',
        `${(a.gzip / b.gzip).toFixed(2)}×`,
      ]),
    );
    details.push([path, a]);
  }
  const partnerSite = await servePartnerPage(partnerPort, embedPage(catalog, api));
  console.log('\nPartner path (target ≤ 120 KB gzip JS, ≤ 6 JS requests):');
  const partner = [
    [
      '/products-iframe framed',
      await measureRoute(browser, composed, '/products-iframe?hideHeader=true&hideFooter=true'),
    ],
    ['embed.js', await measureRoute(browser, partnerOrigin, '/', { selector: '#courses article' })],
  ];
  for (const [name, m] of partner) console.log(row([name, kb(m.gzip), kb(m.bytes), m.jsRequests, m.requests, m.hops]));
  for (const [path, a] of details.filter(([path]) => path === '/courses')) {
    console.log(`\nLargest JS on ${path}, composed (gzip):`);
    for (const script of a.scripts.slice(0, 12))
      console.log(`  ${kb(script.gzip).padStart(9)}  ${new URL(script.url).pathname}`);
  }
  await browser.close();
  partnerSite.close();
} finally {
  stopAll();
}
