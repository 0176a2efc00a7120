import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy } from '../mail/delivery.ts';
import { loadJobConfig } from './config.ts';

describe('loadJobConfig', () => {
  it('defaults: mail every second, retries from 30 s doubling up to 1 h, 12 attempts; cleanup every 5 minutes; captures retried every minute; retention hourly', () => {
    expect(loadJobConfig({})).toEqual({
      mailDeliveryMs: 1000,
      mailRetry: defaultRetryPolicy,
      cleanupMs: 300_000,
      captureRetryMs: 60_000,
      retentionMs: 3_600_000,
      casesSweepMs: 60_000,
      invoiceCancellationMs: 60_000,
      invoiceRenderMs: 5_000,
    });
    expect(defaultRetryPolicy).toEqual({ maxAttempts: 12, baseDelayMs: 30_000, maxDelayMs: 3_600_000 });
  });
  it('reads the MAIL_*, CLEANUP_INTERVAL_MS, CAPTURE_RETRY_MS, RETENTION_INTERVAL_MS and CASES_SWEEP_MS and INVOICE_CANCELLATION_MS settings', () => {
    expect(
      loadJobConfig({
        MAIL_DELIVERY_MS: '50',
        MAIL_MAX_ATTEMPTS: '3',
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '400',
        CLEANUP_INTERVAL_MS: '1000',
        CAPTURE_RETRY_MS: '2000',
        RETENTION_INTERVAL_MS: '5000',
        CASES_SWEEP_MS: '700',
        INVOICE_CANCELLATION_MS: '900',
        INVOICE_RENDER_MS: '700',
      }),
    ).toEqual({
      mailDeliveryMs: 50,
      mailRetry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 400 },
      cleanupMs: 1000,
      captureRetryMs: 2000,
      retentionMs: 5000,
      casesSweepMs: 700,
      invoiceCancellationMs: 900,
      invoiceRenderMs: 700,
    });
  });
  it('refuses nonsense, naming the setting', () => {
    expect(() => loadJobConfig({ MAIL_DELIVERY_MS: 'soon' })).toThrow(/MAIL_DELIVERY_MS/);
    expect(() => loadJobConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
    expect(() => loadJobConfig({ CLEANUP_INTERVAL_MS: '1.5' })).toThrow(/CLEANUP_INTERVAL_MS/);
    expect(() => loadJobConfig({ CAPTURE_RETRY_MS: '0' })).toThrow(/CAPTURE_RETRY_MS/);
    expect(() => loadJobConfig({ CASES_SWEEP_MS: '10' })).toThrow(/CASES_SWEEP_MS/);
    expect(() => loadJobConfig({ INVOICE_CANCELLATION_MS: 'hourly' })).toThrow(/INVOICE_CANCELLATION_MS/);
    expect(() => loadJobConfig({ INVOICE_RENDER_MS: '50' })).toThrow(/INVOICE_RENDER_MS/);
  });
});
