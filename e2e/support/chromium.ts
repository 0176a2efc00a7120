import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Playwright cannot download its browsers on these machines, so the system's Chromium is used
 * (`CHROMIUM_PATH` overrides; without either, Playwright's own). The flags keep Chromium from calling home
 * on a closed network, which otherwise fails and slows every start.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return {
    executablePath: existsSync(candidate) ? candidate : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}
