import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

/**
 * Journeys over the composed shop exactly as `npm start` serves it: the production builds of the five areas
 * (built by `npm run test:e2e` beforehand) behind `vite preview`, and the API on a fresh SQLite database.
 */
// The journeys' own workers load this file again: they inherit the path the runner chose, so that a journey can
// open the same file (see e2e/support/database.ts).
process.env.E2E_DATABASE_FILE ??= join(mkdtempSync(join(tmpdir(), 'shop-e2e-')), 'shop.sqlite');
const databaseFile = process.env.E2E_DATABASE_FILE;
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
      env: { DATABASE_FILE: databaseFile, PORT: '3000', PARTNER_ORIGINS: partnerOrigins },
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
