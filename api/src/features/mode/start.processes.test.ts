import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApiUntilExit, startApiProcess } from '../../test/api-process.ts';

/** The real `tsx src/main.ts`: what production mode refuses, and that development starts with its defaults. */

const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const complete = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtps://shop:secret@mail.example:465',
  PAYMENT_PROVIDER: 'mollie',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
  SHOP_URL: 'https://shop.example',
};
const without = (...names: (keyof typeof complete)[]) =>
  Object.fromEntries(Object.entries(complete).filter(([name]) => !names.includes(name as never)));

describe('production mode refuses to start (tsx src/main.ts)', () => {
  const cases: [string, Record<string, string>, string[]][] = [
    [
      'with nothing configured',
      { NODE_ENV: 'production' },
      ['SMTP_URL', 'PAYMENT_PROVIDER', 'MOLLIE_API_KEY', 'SHOP_URL'],
    ],
    ['without SMTP_URL', without('SMTP_URL'), ['SMTP_URL']],
    ['with the sandbox as payment provider', { ...complete, PAYMENT_PROVIDER: 'sandbox' }, ['PAYMENT_PROVIDER']],
    [
      'without a payment provider',
      without('PAYMENT_PROVIDER', 'MOLLIE_API_KEY'),
      ['PAYMENT_PROVIDER', 'MOLLIE_API_KEY'],
    ],
    ['with Mollie but no MOLLIE_API_KEY', without('MOLLIE_API_KEY'), ['MOLLIE_API_KEY']],
    [
      'with a Mollie test key',
      { ...complete, MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz0123' },
      ['MOLLIE_API_KEY'],
    ],
    ['with an http SHOP_URL', { ...complete, SHOP_URL: 'http://shop.example' }, ['SHOP_URL']],
    ['with TRUST_PROXY=true', { ...complete, TRUST_PROXY: 'true' }, ['TRUST_PROXY']],
    [
      'with an SMTP_URL that turns TLS off',
      { ...complete, SMTP_URL: 'smtp://shop:secret@mail.example:25?ignoreTLS=true' },
      ['SMTP_URL'],
    ],
  ];
  const settings = ['SMTP_URL', 'PAYMENT_PROVIDER', 'MOLLIE_API_KEY', 'SHOP_URL', 'TRUST_PROXY'];

  for (const [name, env, missing] of cases) {
    it.concurrent(
      `${name}: exit code 1 and one line naming ${missing.join(', ')}`,
      async () => {
        const databaseFile = path.join(folder, `${name.replaceAll(/\W+/g, '-')}.sqlite`);
        const { code, stdout, stderr } = await runApiUntilExit({ ...env, DATABASE_FILE: databaseFile });
        expect(code).toBe(1);
        const lines = stderr.split('\n').filter((line) => line.trim() !== '');
        expect(lines, stderr).toHaveLength(1);
        expect(lines[0]).toMatch(/^Refusing to start in production mode \(NODE_ENV=production\): /);
        for (const setting of settings) {
          if (missing.includes(setting)) expect(lines[0]).toContain(setting);
          else expect(lines[0]).not.toContain(setting);
        }
        // Refused before anything was opened or listened on.
        expect(stdout).toBe('');
        expect(existsSync(databaseFile)).toBe(false);
      },
      120_000,
    );
  }
});

describe('a setting that cannot be read stops the start with one line, before the database is opened', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a hold that is no number', { PAYMENT_HOLD_SECONDS: 'half an hour' }, 'PAYMENT_HOLD_SECONDS'],
    ['a proxy given by name', { TRUST_PROXY: 'proxy.example' }, 'TRUST_PROXY'],
    ['HSTS subdomains neither on nor off', { HSTS_INCLUDE_SUBDOMAINS: 'sometimes' }, 'HSTS_INCLUDE_SUBDOMAINS'],
    [
      'a malformed Mollie test key',
      { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc-def' },
      'MOLLIE_API_KEY must be a Mollie API key',
    ],
    ['production with a malformed live key', { ...complete, MOLLIE_API_KEY: 'live_abc-def' }, 'MOLLIE_API_KEY'],
  ];
  for (const [name, env, named] of cases) {
    it.concurrent(
      `${name}: exit code 1 and one line naming ${named}`,
      async () => {
        const databaseFile = path.join(folder, `malformed-${name.replaceAll(/\W+/g, '-')}.sqlite`);
        const { code, stdout, stderr } = await runApiUntilExit({ ...env, DATABASE_FILE: databaseFile });
        expect(code).toBe(1);
        const lines = stderr.split('\n').filter((line) => line.trim() !== '');
        expect(lines, stderr).toEqual([expect.stringMatching(/^Refusing to start: /)]);
        expect(lines[0]).toContain(named);
        expect(stdout).toBe('');
        expect(existsSync(databaseFile)).toBe(false);
      },
      120_000,
    );
  }
});

describe('development mode (tsx src/main.ts without NODE_ENV=production)', () => {
  it('starts with its embedded defaults: says it is development, the dev outbox answers this machine only', async () => {
    const api = await startApiProcess({ DATABASE_FILE: path.join(folder, 'development.sqlite') });
    try {
      const mode = await fetch(`${api.url}/api/shop/mode`);
      expect(await mode.json()).toEqual({ result: { mode: 'development' } });
      expect((await fetch(`${api.url}/api/dev/mailbox`)).status).toBe(200);
      expect((await fetch(`${api.url}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(
        404,
      );
      expect(api.output()).toContain('Development mode: every page says it is a test shop');
    } finally {
      expect(await api.stop()).toBe(0);
    }
  }, 120_000);
});
