#!/usr/bin/env node
/**
 * npm run bench:lighthouse — Lighthouse (pinned 12.8, the last line that runs on Node 20) with its default mobile
 * settings (simulated throttling) on /courses and /products-iframe, the composed shop and the one-app fixture
 * interleaved, 3 runs each, printing the medians of score, LCP, TBT, CLS and FCP. Same servers as bench:bundle
 * (free ports; builds must exist: the root script builds both). Chromium: CHROMIUM_PATH or /usr/bin/chromium,
 * with the flags the e2e journeys use, headless.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startShops, stopAll } from './servers.mjs';

const runs = 3;
const paths = ['/courses', '/products-iframe'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const { composed, oneApp } = await startShops();
  const { executablePath, args = [] } = chromiumLaunchOptions();
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath ?? '/usr/bin/chromium',
    chromeFlags: [...args, '--headless=new'],
  });
  const results = new Map();
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
        const key = `${path} ${build}`;
        const list = results.get(key) ?? [];
        list.push({
          score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          fcp: audits['first-contentful-paint'].numericValue,
        });
        results.set(key, list);
      }
    }
  }
  await chrome.kill();
  console.log(`\nLighthouse mobile (simulated throttling), median of ${runs}`);
  console.log(
    [
      'page'.padEnd(28),
      'score',
      'LCP s'.padStart(7),
      'TBT ms'.padStart(8),
      'CLS'.padStart(7),
      'FCP s'.padStart(7),
    ].join(' '),
  );
  for (const [key, list] of results) {
    const m = (name) => median(list.map((entry) => entry[name]));
    console.log(
      [
        key.padEnd(28),
        String(m('score')).padStart(5),
        (m('lcp') / 1000).toFixed(2).padStart(7),
        String(Math.round(m('tbt'))).padStart(8),
        m('cls').toFixed(3).padStart(7),
        (m('fcp') / 1000).toFixed(2).padStart(7),
      ].join(' '),
    );
  }
} finally {
  stopAll();
}
