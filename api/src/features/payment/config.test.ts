import { describe, expect, it } from 'vitest';
import { loadPaymentConfig } from './config.ts';

describe('loadPaymentConfig', () => {
  it('is the sandbox when PAYMENT_PROVIDER is unset, empty or sandbox', () => {
    expect(loadPaymentConfig({})).toEqual({ provider: 'sandbox' });
    expect(loadPaymentConfig({ PAYMENT_PROVIDER: ' ' })).toEqual({ provider: 'sandbox' });
    expect(loadPaymentConfig({ PAYMENT_PROVIDER: 'sandbox' })).toEqual({ provider: 'sandbox' });
  });

  it('is Mollie with its key, and the API URL only when given', () => {
    expect(loadPaymentConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'live_abc123' })).toEqual({
      provider: 'mollie',
      apiKey: 'live_abc123',
    });
    expect(
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: ' test_abc123 ',
        MOLLIE_API_URL: 'https://127.0.0.1:5190/v2/',
      }),
    ).toEqual({
      provider: 'mollie',
      apiKey: 'test_abc123',
      apiUrl: 'https://127.0.0.1:5190/v2/',
    });
  });

  it('refuses invalid combinations, naming the variable', () => {
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER must be one of sandbox, mollie, got "stripe"/,
    );
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'mollie' })).toThrow(
      /MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie/,
    );
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'abc' })).toThrow(
      /MOLLIE_API_KEY must be a Mollie API key/,
    );
    expect(() =>
      loadPaymentConfig({
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'test_abc',
        MOLLIE_API_URL: 'http://localhost:5190/v2/',
      }),
    ).toThrow(/MOLLIE_API_URL must be an https:\/\/ URL/);
    expect(() =>
      loadPaymentConfig({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc', MOLLIE_API_URL: 'not a url' }),
    ).toThrow(/MOLLIE_API_URL/);
    expect(() => loadPaymentConfig({ MOLLIE_API_KEY: 'live_abc' })).toThrow(
      /MOLLIE_API_KEY set, but PAYMENT_PROVIDER is not "mollie"/,
    );
    expect(() =>
      loadPaymentConfig({ PAYMENT_PROVIDER: 'sandbox', MOLLIE_API_URL: 'https://api.mollie.com/v2/' }),
    ).toThrow(/MOLLIE_API_URL set/);
  });
});
