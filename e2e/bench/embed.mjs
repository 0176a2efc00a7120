#!/usr/bin/env node
/**
 * npm run bench:embed -w e2e — how soon a partner's page shows the one-script embed's first card on a mid phone
 * (within 2 s), and whether it shows it in the shop's typeface. Chromium through CDP: the CPU slowed 4×
 * and the network of Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), a fresh
 * context per run (nothing cached), a 390 × 844 viewport. The figure is from navigation start to the first card
 * in the embed's shadow root being visible; the median of EMBED_RUNS runs (5). Figures, not a timed test.
 * Expects `npm run build` to be done.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { servePartnerPage, startShops, stopAll } from './servers.mjs';

const runs = Number(process.env.EMBED_RUNS ?? 5);
const cpuSlowdown = 4;
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const embedPage = (catalog, api) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title></head>
<body><main><h1>Partner school</h1><div id="courses"></div>
<script type="module" src="${catalog}/embed.js" data-target="#courses" data-api="${api}" data-shop="http://shop.example"></script>
</main></body></html>`;

try {
  const { partnerOrigin, partnerPort, catalog, api } = await startShops();
  const partnerSite = await servePartnerPage(partnerPort, embedPage(catalog, api));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const times = [];
  let font = null;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
    await page.goto(partnerOrigin, { waitUntil: 'commit' });
    await page.locator('#courses article').first().waitFor({ state: 'visible', timeout: 30_000 });
    times.push(await page.evaluate(() => performance.now()));
    // The face the card's title is drawn in once Figtree is in (document.fonts, which shadow trees use).
    font = await page.evaluate(async () => {
      await document.fonts.ready;
      const title = document.querySelector('#courses')?.shadowRoot?.querySelector('article h2');
      const family = title ? getComputedStyle(title).fontFamily : '';
      return { family, figtreeLoaded: document.fonts.check('600 16px Figtree') };
    });
    await context.close();
  }
  console.log(`Embed on a mid phone (CPU ${cpuSlowdown}× slower, 150 ms RTT, 1.6 Mbit/s), ${runs} runs:`);
  console.log(
    `  first card visible: median ${Math.round(median(times))} ms (runs: ${times.map(Math.round).join(', ')})`,
  );
  console.log(`  title font stack: ${font?.family}; Figtree loaded: ${font?.figtreeLoaded}`);
  await browser.close();
  partnerSite.close();
} finally {
  stopAll();
}
