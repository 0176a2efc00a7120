import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { mollieShop, mollieShopUrl } from './support/mollie.ts';

/**
 * Journeys over the composed shop exactly as `npm start` serves it: the production builds of the five areas and the
 * back office (built by `npm run test:e2e` beforehand) behind `vite preview`, and the API on a fresh SQLite database.
 */
// The journeys' own workers load this file again: they inherit the path the runner chose, so that a journey can
// open the same file (see e2e/support/database.ts).
process.env.E2E_DATABASE_FILE ??= join(mkdtempSync(join(tmpdir(), 'shop-e2e-')), 'shop.sqlite');
const databaseFile = process.env.E2E_DATABASE_FILE;
/** The API processes log here; the global teardown checks the files for secrets (support/api-log-check.ts). */
process.env.E2E_API_LOG_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-logs-'));
const apiLogDir = process.env.E2E_API_LOG_DIR;
/**
 * The Mollie journey (mollie.spec.ts) runs against a second shop (support/mollie.ts): the remotes are the shared
 * ones on 5174–5177. Only its API process skips certificate checks, for the fake's self-signed one.
 */
const mollieDatabaseFile = join(mkdtempSync(join(tmpdir(), 'shop-e2e-mollie-')), 'shop.sqlite');
/** The partner site of embed.spec.ts and platform.spec.ts (port 5181 plays a stranger). */
const partnerOrigins = 'http://localhost:5180';
const areas = [
  ['shell', 5173],
  ['mf-catalog', 5174],
  ['mf-cart-checkout', 5175],
  ['mf-account', 5176],
  ['mf-level-test', 5177],
] as const;

export default defineConfig({
  testDir: './tests',
  // The deploy kit's journey runs with playwright.nginx.config.ts: it brings its own servers.
  testIgnore: 'nginx.spec.ts',
  globalTeardown: './support/api-log-check.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: 'http://localhost:5173',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: [
    {
      command: 'npm run start -w api',
      cwd: '..',
      url: 'http://127.0.0.1:3000/api/health',
      // The waitlist offers freed places within half a second (waitlist.spec.ts).
      env: {
        DATABASE_FILE: databaseFile,
        PORT: '3000',
        PARTNER_ORIGINS: partnerOrigins,
        WAITLIST_INTERVAL_MS: '500',
        LOG_FILE: join(apiLogDir, 'api.log'),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx api/src/test/fake-mollie/main.ts',
      cwd: '..',
      env: { FAKE_MOLLIE_PORT: String(mollieShop.fakeMolliePort) },
      url: `https://127.0.0.1:${mollieShop.fakeMolliePort}/health`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npm run start -w api',
      cwd: '..',
      url: `http://127.0.0.1:${mollieShop.apiPort}/api/health`,
      env: {
        DATABASE_FILE: mollieDatabaseFile,
        PORT: String(mollieShop.apiPort),
        LOG_FILE: join(apiLogDir, 'api-mollie.log'),
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'test_e2eFakeMollieKey',
        MOLLIE_API_URL: `https://127.0.0.1:${mollieShop.fakeMolliePort}/v2/`,
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
        SHOP_URL: mollieShopUrl,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The shell's build served a second time; its preview script names port 5173, so vite is called directly.
      command: `npx vite preview --port ${mollieShop.shellPort} --strictPort`,
      cwd: '../shell',
      env: { API_PORT: String(mollieShop.apiPort), SHOP_URL: mollieShopUrl },
      url: `http://localhost:${mollieShop.shellPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The back office (backoffice.spec.ts): its own application on its own port, never part of the composition.
      command: 'npm run preview -w backoffice',
      cwd: '..',
      url: 'http://localhost:5178/',
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...areas.map(([area, port]) => ({
      command: `npm run preview -w ${area}`,
      cwd: '..',
      // The static servers let the shop and the partners frame their pages (Content-Security-Policy).
      env: { PARTNER_ORIGINS: partnerOrigins },
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    })),
  ],
});
