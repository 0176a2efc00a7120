#!/usr/bin/env node
/**
 * npm run bench:lighthouse — Lighthouse (pinned 12.8, the last line that runs on Node 20) with its default mobile
 * settings (simulated throttling) on /courses and /products-iframe, the composed shop and the one-app fixture
 * interleaved, 3 runs each (LIGHTHOUSE_RUNS), printing the medians of score, LCP, TBT, CLS and FCP. Same servers as bench:bundle
 * (free ports; builds must exist: the root script builds both). Three times: as `vite preview` serves (HTTP/1.1);
 * behind HTTP/2 TLS fronts as a production host serves (http2Front.mjs), each area on its own origin; and the same
 * with the areas under the shop's origin. Lighthouse simulates the protocol and connections it saw
 * (docs/performance.md#what-lighthouses-figure-is-made-of). Chromium: CHROMIUM_PATH or /usr/bin/chromium, with the flags the e2e
 * journeys use, headless.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startShops, stopAll } from './servers.mjs';

// 3 by default (the figures docs/benchmarks.md reports). On a busy or small machine, medians of 3 still move by several
// points between whole runs, so a decision on a small change wants more (LIGHTHOUSE_RUNS=7).
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const paths = ['/courses', '/products-iframe'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = new Map();
const { executablePath, args = [] } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath ?? '/usr/bin/chromium',
  chromeFlags: [
    ...args,
    '--headless=new',
    // The HTTP/2 fronts use a throw-away self-signed certificate.
    '--ignore-certificate-errors',
    // Without a GPU, headless Chromium under Lighthouse presented a painted frame only with the next frame it drew:
    // the shop's first paint (at 1.2 s in the trace) was reported at 2.25 s, on every page and in both builds, so
    // Lighthouse cut its simulation at the wrong time. Drawing every frame fully reports paints when they happen
    // (docs/performance.md#what-lighthouses-figure-is-made-of).
    '--run-all-compositor-stages-before-draw',
  ],
});
for (const [protocol, http2, oneOrigin] of [
  ['HTTP/1.1', false, false],
  ['HTTP/2', true, false],
  // The areas under the shop's own origin (/areas/<area>/), as docs/deploy.md advises: the page needs
  // one TLS connection instead of one per area (docs/performance.md#serving).
  ['HTTP/2, one origin', true, true],
]) {
  try {
    await measure(protocol, await startShops({ http2, oneOrigin }));
  } finally {
    stopAll();
  }
}
await chrome.kill();
report();

/**
 * @param {string} protocol
 * @param {{ composed: string, oneApp: string }} origins
 */
async function measure(protocol, { composed, oneApp }) {
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      for (const [build, origin] of [
        ['composed', composed],
        ['one app', oneApp],
      ]) {
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const audits = result.lhr.audits;
        const key = `${path} ${build}, ${protocol}`;
        const list = results.get(key) ?? [];
        // An audit that failed in one run has no value; the run still counts for the others, and says why.
        const value = (/** @type {string} */ audit) => {
          if (audits[audit]?.numericValue === undefined)
            console.warn(`${key}, run ${run + 1}: no ${audit} (${audits[audit]?.errorMessage ?? 'no audit'})`);
          return audits[audit]?.numericValue;
        };
        list.push({
          score:
            result.lhr.categories.performance.score === null
              ? undefined
              : Math.round(result.lhr.categories.performance.score * 100),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          fcp: value('first-contentful-paint'),
        });
        results.set(key, list);
      }
    }
  }
}

function report() {
  console.log(`\nLighthouse mobile (simulated throttling), median of ${runs}`);
  console.log(
    [
      'page'.padEnd(48),
      'score',
      'LCP s'.padStart(7),
      'TBT ms'.padStart(8),
      'CLS'.padStart(7),
      'FCP s'.padStart(7),
    ].join(' '),
  );
  for (const [key, list] of results) {
    /** The median of the runs that have the value, written by `format`; `n/a` when none has it. */
    const m = (/** @type {string} */ name, /** @type {(value: number) => string} */ format) => {
      const values = list.map((entry) => entry[name]).filter((value) => value !== undefined);
      return values.length === 0 ? 'n/a' : format(median(values));
    };
    console.log(
      [
        key.padEnd(48),
        m('score', String).padStart(5),
        m('lcp', (value) => (value / 1000).toFixed(2)).padStart(7),
        m('tbt', (value) => String(Math.round(value))).padStart(8),
        m('cls', (value) => value.toFixed(3)).padStart(7),
        m('fcp', (value) => (value / 1000).toFixed(2)).padStart(7),
      ].join(' '),
    );
  }
}
