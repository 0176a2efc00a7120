import { describe, expect, it } from 'vitest';
import {
  type ProductionSettings,
  productionProblems,
  productionSettingsFromEnv,
  shopModeFromEnv,
  developmentProblems,
  startRefusal,
} from './production-check.ts';

const ready: ProductionSettings = {
  smtpUrl: 'smtps://shop:secret@mail.example:465',
  shopUrl: 'https://shop.example',
  paymentProvider: 'mollie',
  mollieApiKey: 'live_abcdefghijklmnopqrstuvwxyz0123',
  tlsRejectUnauthorized: null,
  trustProxy: null,
};

describe('production mode check', () => {
  it('is production only with NODE_ENV=production', () => {
    expect(shopModeFromEnv({ NODE_ENV: 'production' })).toBe('production');
    expect(shopModeFromEnv({ NODE_ENV: ' production ' })).toBe('production');
    for (const value of [undefined, '', 'development', 'test', 'Production'])
      expect(shopModeFromEnv({ NODE_ENV: value })).toBe('development');
  });

  it('finds nothing to refuse when mail, a real payment provider and an https shop address are set', () => {
    expect(productionProblems(ready)).toEqual([]);
    expect(productionProblems({ ...ready, tlsRejectUnauthorized: '1' })).toEqual([]);
  });

  it('names each missing or unsafe setting', () => {
    expect(productionProblems({ ...ready, smtpUrl: null })).toEqual([
      'SMTP_URL is not set (mails would go to the dev outbox)',
    ]);
    expect(productionProblems({ ...ready, paymentProvider: null })).toEqual([
      'PAYMENT_PROVIDER is not set (must be mollie; the sandbox takes no money)',
    ]);
    expect(productionProblems({ ...ready, paymentProvider: 'sandbox' })).toEqual([
      'PAYMENT_PROVIDER is "sandbox" (must be mollie)',
    ]);
    expect(productionProblems({ ...ready, mollieApiKey: null })).toEqual(['MOLLIE_API_KEY is not set']);
    expect(productionProblems({ ...ready, shopUrl: null })).toEqual([
      "SHOP_URL is not set (must be the shop's https:// address)",
    ]);
    expect(productionProblems({ ...ready, shopUrl: 'http://shop.example' })).toEqual([
      'SHOP_URL is "http://shop.example" (must start with https://)',
    ]);
    expect(productionProblems({ ...ready, shopUrl: 'shop.example' })).toEqual([
      'SHOP_URL is "shop.example" (must start with https://)',
    ]);
    expect(productionProblems({ ...ready, smtpUrl: 'smtp://shop:secret@mail.example:25?ignoreTLS=true' })).toEqual([
      'SMTP_URL sets ignoreTLS=true, which lets mail go unencrypted or unchecked (remove it: production sends over smtps://, or over smtp:// only after STARTTLS succeeded)',
    ]);
    expect(productionProblems({ ...ready, smtpUrl: 'smtp://shop:secret@mail.example:587' })).toEqual([]);
    expect(productionProblems({ ...ready, trustProxy: 'true' })).toEqual([
      "TRUST_PROXY=true trusts every X-Forwarded-For entry, so any client picks its own rate-limit key (give the proxy's address(es) or CIDR, e.g. TRUST_PROXY=127.0.0.1, or its hop count, e.g. TRUST_PROXY=1)",
    ]);
    for (const trustProxy of ['1', '127.0.0.1', '10.0.0.0/8,::1'])
      expect(productionProblems({ ...ready, trustProxy })).toEqual([]);
    expect(productionProblems({ ...ready, tlsRejectUnauthorized: '0' })).toEqual([
      'NODE_TLS_REJECT_UNAUTHORIZED=0 turns certificate checks off (unset it)',
    ]);
    expect(
      productionProblems({
        smtpUrl: null,
        shopUrl: null,
        paymentProvider: null,
        mollieApiKey: null,
        tlsRejectUnauthorized: null,
        trustProxy: null,
      }),
    ).toHaveLength(4);
  });

  it('reads the settings from the environment, blank meaning unset', () => {
    expect(
      productionSettingsFromEnv({
        SMTP_URL: ' ',
        SHOP_URL: 'https://shop.example',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: ' test_x ',
      }),
    ).toEqual({
      smtpUrl: null,
      shopUrl: 'https://shop.example',
      paymentProvider: 'mollie',
      mollieApiKey: 'test_x',
      tlsRejectUnauthorized: null,
      trustProxy: null,
    });
  });

  it('refuses a Mollie test key: with it nobody pays, yet the orders would be real', () => {
    expect(productionProblems({ ...ready, mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz0123' })).toEqual([
      'MOLLIE_API_KEY is a test key (test_…, Mollie moves no money with it; production needs live_…)',
    ]);
  });

  it('development refuses a live Mollie key (its pages say no real payment is made) and takes a test key', () => {
    expect(developmentProblems({ paymentProvider: 'mollie', mollieApiKey: 'live_abc' })).toHaveLength(1);
    expect(developmentProblems({ paymentProvider: 'mollie', mollieApiKey: 'test_abc' })).toEqual([]);
    expect(developmentProblems({ paymentProvider: null, mollieApiKey: null })).toEqual([]);
    expect(startRefusal({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: ' live_abc ' })).toMatch(
      /^Refusing to start in development mode: MOLLIE_API_KEY is a live key/,
    );
    expect(startRefusal({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc' })).toBeNull();
  });

  it('refuses in one line, and in development only a live key', () => {
    expect(startRefusal({})).toBeNull();
    expect(startRefusal({ NODE_ENV: 'development', SHOP_URL: 'http://localhost:5173' })).toBeNull();
    const line = startRefusal({
      NODE_ENV: 'production',
      SHOP_URL: 'http://shop.example',
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'live_x',
    });
    expect(line).toBe(
      'Refusing to start in production mode (NODE_ENV=production): SMTP_URL is not set (mails would go to the dev outbox); SHOP_URL is "http://shop.example" (must start with https://).',
    );
    expect(line).not.toContain('\n');
    expect(
      startRefusal({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail',
        SHOP_URL: 'https://shop.example',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'live_x',
      }),
    ).toBeNull();
  });
});
