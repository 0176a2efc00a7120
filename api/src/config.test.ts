import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to SQLite in api/data on 127.0.0.1:3000', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: path.join(apiRoot, 'data', 'shop.sqlite') },
      partnerOrigins: [],
      paymentHoldSeconds: 1800,
      unpaidHoldPlaces: 10,
      connectionsPerClient: 64,
      holdSweepMs: 5000,
      waitlistOfferSeconds: 86_400,
      waitlistIntervalMs: 10_000,
      redisUrl: null,
      apiProcesses: 1,
      shutdownTimeoutMs: 10_000,
      shutdownDrainMs: 0,
      metrics: null,
      compositionDir: path.join(apiRoot, '..', 'shell', 'dist'),
    });
    expect(path.basename(apiRoot)).toBe('api');
  });

  it('reads the folder whose live composition the shipped texts follow, or none', () => {
    expect(loadConfig({ SHOP_COMPOSITION_DIR: '/srv/shop/shell' }).compositionDir).toBe('/srv/shop/shell');
    expect(loadConfig({ SHOP_COMPOSITION_DIR: 'off' }).compositionDir).toBeNull();
  });

  it('reads API_PROCESSES and refuses what is no count of processes', () => {
    expect(loadConfig({ API_PROCESSES: '4' }).apiProcesses).toBe(4);
    for (const value of ['0', '-1', '1.5', 'two', '257'])
      expect(() => loadConfig({ API_PROCESSES: value }), value).toThrow(/API_PROCESSES/);
  });

  it('reads the cap on places held unpaid and refuses values out of range', () => {
    expect(loadConfig({ UNPAID_HOLD_PLACES: '25' }).unpaidHoldPlaces).toBe(25);
    expect(() => loadConfig({ UNPAID_HOLD_PLACES: '0' })).toThrow(/UNPAID_HOLD_PLACES/);
    expect(() => loadConfig({ UNPAID_HOLD_PLACES: '2.5' })).toThrow(/UNPAID_HOLD_PLACES/);
    expect(() => loadConfig({ UNPAID_HOLD_PLACES: 'viele' })).toThrow(/UNPAID_HOLD_PLACES/);
  });

  it('reads the cap on connections per client and refuses values out of range', () => {
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' }).connectionsPerClient).toBe(0);
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '200' }).connectionsPerClient).toBe(200);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '-1' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: 'many' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT/);
  });

  it('reads the waitlist settings and refuses values out of range', () => {
    expect(loadConfig({ WAITLIST_OFFER_SECONDS: '60', WAITLIST_INTERVAL_MS: '250' })).toMatchObject({
      waitlistOfferSeconds: 60,
      waitlistIntervalMs: 250,
    });
    expect(() => loadConfig({ WAITLIST_OFFER_SECONDS: '5' })).toThrow(/WAITLIST_OFFER_SECONDS/);
    expect(() => loadConfig({ WAITLIST_OFFER_SECONDS: '1.5' })).toThrow(/WAITLIST_OFFER_SECONDS/);
    expect(() => loadConfig({ WAITLIST_INTERVAL_MS: '50' })).toThrow(/WAITLIST_INTERVAL_MS/);
    expect(() => loadConfig({ WAITLIST_INTERVAL_MS: 'oft' })).toThrow(/WAITLIST_INTERVAL_MS/);
  });

  it('resolves DATABASE_FILE relative to the api folder and selects PostgreSQL by DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_FILE: 'tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      file: path.join(apiRoot, 'tmp', 'x.sqlite'),
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', PORT: '4000', HOST: '0.0.0.0' })).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      database: { dialect: 'postgres', url: 'postgres://u@h/db' },
    });
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PARTNER_ORIGINS: 'partner.example' })).toThrow(/PARTNER_ORIGINS/);
    expect(() => loadConfig({ PARTNER_ORIGINS: 'ftp://partner.example' })).toThrow(/PARTNER_ORIGINS/);
    expect(() => loadConfig({ PAYMENT_HOLD_SECONDS: '5' })).toThrow(/PAYMENT_HOLD_SECONDS/);
    expect(() => loadConfig({ PAYMENT_HOLD_SECONDS: 'soon' })).toThrow(/PAYMENT_HOLD_SECONDS/);
    // The sweep runs at least every 10 s, so a hold never outlasts its end by more than that.
    expect(() => loadConfig({ PAYMENT_HOLD_SWEEP_MS: '10001' })).toThrow(/PAYMENT_HOLD_SWEEP_MS/);
    expect(() => loadConfig({ PAYMENT_HOLD_SWEEP_MS: '50' })).toThrow(/PAYMENT_HOLD_SWEEP_MS/);
    expect(loadConfig({ PAYMENT_HOLD_SWEEP_MS: '250' }).holdSweepMs).toBe(250);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '50' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  it('takes the stop timeout and the metrics address from the environment', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', SHUTDOWN_DRAIN_MS: '3000' })).toMatchObject({
      shutdownTimeoutMs: 2500,
      shutdownDrainMs: 3000,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
  });

  it('keeps rate limits in Redis with REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: ' redis://cache.internal:6379/2 ' }).redisUrl).toBe('redis://cache.internal:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.internal:6380' }).redisUrl).toBe(
      'rediss://user:secret@cache.internal:6380',
    );
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeNull();
  });

  it('reads PARTNER_ORIGINS as a comma-separated list of origins', () => {
    expect(
      loadConfig({ PARTNER_ORIGINS: ' https://partner.example/shop/ , http://localhost:5180,' }).partnerOrigins,
    ).toEqual(['https://partner.example', 'http://localhost:5180']);
  });
});
