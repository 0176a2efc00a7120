import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-dependencies-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Waits for a log line (the process writes it a moment after the event); fails after 10 s. */
async function logged(api: ApiProcess, text: string) {
  for (let i = 0; i < 100 && !api.output().includes(text); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(api.output()).toContain(text);
}

// Port 1 on this machine: nothing listens, every connection is refused at once.
const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtps://shop:secret@127.0.0.1:1',
  PAYMENT_PROVIDER: 'mollie',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
  MOLLIE_API_URL: 'https://127.0.0.1:1/v2/',
  SHOP_URL: 'https://shop.example',
};

describe('production start with the mail server and Mollie not answering (tsx src/main.ts)', () => {
  it('starts all the same, warns naming both, and /api/ready answers 503', async () => {
    const api = await startApiProcess({ ...production, DATABASE_FILE: path.join(folder, 'production.sqlite') });
    try {
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      await logged(api, 'the payment provider (mollie) does not answer');
      await logged(api, 'the mail server (SMTP_URL) does not answer');
      expect(api.output()).toMatch(/the mail server \(SMTP_URL\) does not answer \(.*\): \/api\/ready answers 503/);
      expect(api.output()).toMatch(/the payment provider \(mollie\) does not answer/);
      const ready = await fetch(`${api.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ error: { code: 'NOT_READY', message: 'Not ready' } });
      await logged(api, 'configuration: the mail server (SMTP_URL) has not answered yet');
      await logged(api, 'configuration: the payment provider (mollie) has not answered yet');
    } finally {
      expect(await api.stop()).toBe(0);
    }
  }, 120_000);

  it('with DEPENDENCY_CHECKS=off asks neither and warns of neither', async () => {
    const api = await startApiProcess({
      ...production,
      DATABASE_FILE: path.join(folder, 'unchecked.sqlite'),
      DEPENDENCY_CHECKS: 'off',
    });
    try {
      await fetch(`${api.url}/api/ready`);
      await logged(api, 'configuration: ');
      expect(api.output()).not.toContain('does not answer');
      expect(api.output()).not.toContain('has not answered yet');
    } finally {
      expect(await api.stop()).toBe(0);
    }
  }, 120_000);
});
