import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startShops, stopAll } from './servers.mjs';
const path = process.env.P ?? '/products-iframe';
const build = process.env.B ?? 'composed';
const { executablePath, args = [] } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({ chromePath: executablePath ?? '/usr/bin/chromium', chromeFlags: [...args, '--headless=new', '--ignore-certificate-errors', '--run-all-compositor-stages-before-draw'] });
try {
  const o = await startShops({ http2: true });
  const r = await lighthouse(`${o[build]}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync('/tmp/lhr.json', JSON.stringify(r.lhr));
  const a = r.lhr.audits;
  console.log('score', r.lhr.categories.performance.score, 'LCP', a['largest-contentful-paint'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue);
} finally { stopAll(); await chrome.kill(); }
