import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

/**
 * The deploy kit's journey (tests/nginx.spec.ts) on its own: it starts nginx and its two API processes itself
 * (support/nginx.ts) and needs none of the main run's servers, so it does not start them nor wait for them.
 */
process.env.E2E_API_LOG_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-nginx-logs-'));
const chromium = chromiumLaunchOptions();

export default defineConfig({
  testDir: './tests',
  testMatch: 'nginx.spec.ts',
  globalTeardown: './support/api-log-check.ts',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    // The certificate is self-signed; the shop's and the back office's names lead to this machine's nginx.
    ignoreHTTPSErrors: true,
    launchOptions: {
      ...chromium,
      args: [...(chromium.args ?? []), '--host-resolver-rules=MAP *.sprachschule.example 127.0.0.1'],
    },
  },
});
