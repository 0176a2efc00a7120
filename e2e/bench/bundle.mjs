#!/usr/bin/env node
/**
 * npm run bench:bundle — what the browser downloads for /courses and /products-iframe in the composed shop
 * (production builds, as `npm start` serves them): JavaScript files, bytes and gzip bytes per area and in
 * total, and the number of requests. A fresh browser context per page, so nothing comes from the cache.
 * Gzip bytes are measured by compressing each body (level 9), since `vite preview` serves uncompressed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = new URL('../../', import.meta.url).pathname;
const areaByPort = { 5173: 'shell', 5174: 'mf-catalog', 5175: 'mf-cart-checkout', 5176: 'mf-account', 5177: 'mf-level-test', 3000: 'api' };
const pages = ['/courses', '/products-iframe'];

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet: try again
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

const server = spawn('node', ['scripts/serve.mjs', 'preview'], {
  cwd: root,
  env: { ...process.env, DATABASE_FILE: join(mkdtempSync(join(tmpdir(), 'shop-bench-')), 'shop.sqlite') },
  stdio: 'ignore',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stop);

try {
  await Promise.all([waitFor('http://localhost:5173/api/health'), ...[5174, 5175, 5176, 5177].map((p) => waitFor(`http://localhost:${p}/remoteEntry.js`))]);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath: existsSync(executablePath) ? executablePath : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const path of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = [];
    const scripts = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`http://localhost:5173${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);

    const byArea = new Map();
    for (const script of scripts) {
      const area = areaByPort[new URL(script.url).port] ?? new URL(script.url).host;
      const sum = byArea.get(area) ?? { files: 0, bytes: 0, gzip: 0 };
      byArea.set(area, { files: sum.files + 1, bytes: sum.bytes + script.bytes, gzip: sum.gzip + script.gzip });
    }
    const total = [...byArea.values()].reduce((a, b) => ({ files: a.files + b.files, bytes: a.bytes + b.bytes, gzip: a.gzip + b.gzip }), { files: 0, bytes: 0, gzip: 0 });
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\n${path}: ${requests.length} requests in all, ${total.files} of them JavaScript`);
    console.log(['area'.padEnd(18), 'files'.padStart(6), 'bytes'.padStart(12), 'gzip'.padStart(12)].join(''));
    for (const [area, sum] of [...byArea.entries(), ['total', total]]) {
      console.log([String(area).padEnd(18), String(sum.files).padStart(6), kb(sum.bytes).padStart(12), kb(sum.gzip).padStart(12)].join(''));
    }
    await context.close();
  }
  await browser.close();
} finally {
  stop();
}
