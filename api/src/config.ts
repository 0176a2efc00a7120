import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePartnerOrigins } from './http/cors.ts';
import { waitlistOfferHours } from '@shop/shared/contract';
import { defaultUnpaidHoldPlaces } from './features/order/unpaid-holds.ts';
import { defaultConnectionsPerClient } from './http/connections.ts';

/** Every API process looks for expired payment holds this often unless PAYMENT_HOLD_SWEEP_MS says otherwise. */
const defaultHoldSweepMs = 5000;

/** A stopping process waits this long for requests in flight unless SHUTDOWN_TIMEOUT_MS says otherwise. */
const defaultShutdownTimeoutMs = 10_000;

/** The api workspace folder, so relative paths do not depend on where the process was started. */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** PARTNER_ORIGINS: origins allowed to call the API from the browser (CORS), e.g. the partner embed. */
  partnerOrigins: string[];
  /** PAYMENT_HOLD_SECONDS: how long an order waiting for its payment holds places, credits and codes. */
  paymentHoldSeconds: number;
  /** UNPAID_HOLD_PLACES: course places one client address and one inbox may hold in unpaid orders at once. */
  unpaidHoldPlaces: number;
  /** MAX_CONNECTIONS_PER_CLIENT: open connections one client address may hold at once (0: no cap). */
  connectionsPerClient: number;
  /** PAYMENT_HOLD_SWEEP_MS: how often each process cancels orders whose hold ended (100 to 10000, default 5000). */
  holdSweepMs: number;
  /** WAITLIST_OFFER_SECONDS: how long a waitlist offer holds its place (at least 10, default 24 hours). */
  waitlistOfferSeconds: number;
  /** WAITLIST_INTERVAL_MS: how often each process runs the waitlist (100 to 600000, default 10000). */
  waitlistIntervalMs: number;
  /** REDIS_URL: rate-limit counters in Redis instead of the database (docs/decisions/0007-shared-rate-limits.md). */
  redisUrl: string | null;
  /** API_PROCESSES: how many API processes share the rate limits (1 to 256, default 1); see rate-limit/store.ts. */
  apiProcesses: number;
  /** SHUTDOWN_TIMEOUT_MS: how long a stopping process lets requests in flight finish (100 to 600000, default 10000). */
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DRAIN_MS: how long a stopping process still accepts while `/api/ready` says stopping (0 to 60000, default 0). */
  shutdownDrainMs: number;
  /** METRICS_PORT / METRICS_HOST: where Prometheus scrapes `/metrics`; no metrics server without a port. */
  metrics: { host: string; port: number } | null;
  /**
   * SHOP_COMPOSITION_DIR: the shell's served folder whose `live` composition the shipped texts follow
   * (features/texts/shipped.ts); the checkout's shell/dist by default, `off` for the checkout's texts only.
   */
  compositionDir: string | null;
}

/**
 * Reads the server configuration from the environment.
 * DATABASE_URL=postgres://… selects PostgreSQL; otherwise SQLite at DATABASE_FILE (relative to `api/`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  const url = env.DATABASE_URL?.trim();
  let database: DatabaseConfig;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)');
    }
    database = { dialect: 'postgres', url };
  } else {
    const file = env.DATABASE_FILE?.trim() || 'data/shop.sqlite';
    database = { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(apiRoot, file) };
  }
  const paymentHoldSeconds = Number(env.PAYMENT_HOLD_SECONDS?.trim() || 1800);
  if (!Number.isInteger(paymentHoldSeconds) || paymentHoldSeconds < 10) {
    throw new Error(
      `PAYMENT_HOLD_SECONDS must be a whole number of seconds, at least 10, got "${env.PAYMENT_HOLD_SECONDS}"`,
    );
  }
  const unpaidHoldPlaces = Number(env.UNPAID_HOLD_PLACES?.trim() || defaultUnpaidHoldPlaces);
  if (!Number.isInteger(unpaidHoldPlaces) || unpaidHoldPlaces < 1 || unpaidHoldPlaces > 10_000) {
    throw new Error(
      `UNPAID_HOLD_PLACES must be a whole number of places from 1 to 10000, got "${env.UNPAID_HOLD_PLACES}"`,
    );
  }
  const connectionsPerClient = Number(env.MAX_CONNECTIONS_PER_CLIENT?.trim() || defaultConnectionsPerClient);
  if (!Number.isInteger(connectionsPerClient) || connectionsPerClient < 0 || connectionsPerClient > 100_000) {
    throw new Error(
      `MAX_CONNECTIONS_PER_CLIENT must be a whole number from 0 (no cap) to 100000, got "${env.MAX_CONNECTIONS_PER_CLIENT}"`,
    );
  }
  const holdSweepMs = Number(env.PAYMENT_HOLD_SWEEP_MS?.trim() || defaultHoldSweepMs);
  if (!Number.isInteger(holdSweepMs) || holdSweepMs < 100 || holdSweepMs > 10_000) {
    throw new Error(
      `PAYMENT_HOLD_SWEEP_MS must be a whole number of milliseconds from 100 to 10000, got "${env.PAYMENT_HOLD_SWEEP_MS}"`,
    );
  }
  const waitlistOfferSeconds = Number(env.WAITLIST_OFFER_SECONDS?.trim() || waitlistOfferHours * 3600);
  if (!Number.isInteger(waitlistOfferSeconds) || waitlistOfferSeconds < 10) {
    throw new Error(
      `WAITLIST_OFFER_SECONDS must be a whole number of seconds, at least 10, got "${env.WAITLIST_OFFER_SECONDS}"`,
    );
  }
  const waitlistIntervalMs = Number(env.WAITLIST_INTERVAL_MS?.trim() || 10_000);
  if (!Number.isInteger(waitlistIntervalMs) || waitlistIntervalMs < 100 || waitlistIntervalMs > 600_000) {
    throw new Error(
      `WAITLIST_INTERVAL_MS must be a whole number of milliseconds from 100 to 600000, got "${env.WAITLIST_INTERVAL_MS}"`,
    );
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error(
      'REDIS_URL must start with redis:// or rediss:// (leave it unset to keep rate limits in the database)',
    );
  }
  const apiProcesses = Number(env.API_PROCESSES?.trim() || 1);
  if (!Number.isInteger(apiProcesses) || apiProcesses < 1 || apiProcesses > 256) {
    throw new Error(`API_PROCESSES must be a whole number from 1 to 256, got "${env.API_PROCESSES}"`);
  }
  const shutdownTimeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS?.trim() || defaultShutdownTimeoutMs);
  if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 100 || shutdownTimeoutMs > 600_000) {
    throw new Error(
      `SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${env.SHUTDOWN_TIMEOUT_MS}"`,
    );
  }
  const shutdownDrainMs = Number(env.SHUTDOWN_DRAIN_MS?.trim() || 0);
  if (!Number.isInteger(shutdownDrainMs) || shutdownDrainMs < 0 || shutdownDrainMs > 60_000) {
    throw new Error(
      `SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 60000, got "${env.SHUTDOWN_DRAIN_MS}"`,
    );
  }
  const metricsPort = env.METRICS_PORT?.trim() ? Number(env.METRICS_PORT.trim()) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) {
    throw new Error(
      `METRICS_PORT must be an integer between 0 and 65535, got "${env.METRICS_PORT}" (leave it unset for no metrics)`,
    );
  }
  const metrics = metricsPort === null ? null : { host: env.METRICS_HOST?.trim() || '127.0.0.1', port: metricsPort };
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    database,
    partnerOrigins: parsePartnerOrigins(env.PARTNER_ORIGINS),
    paymentHoldSeconds,
    unpaidHoldPlaces,
    connectionsPerClient,
    holdSweepMs,
    waitlistOfferSeconds,
    waitlistIntervalMs,
    redisUrl,
    apiProcesses,
    shutdownTimeoutMs,
    shutdownDrainMs,
    metrics,
    compositionDir: compositionDirFrom(env.SHOP_COMPOSITION_DIR),
  };
}

/** @param value SHOP_COMPOSITION_DIR, relative to `api/` */
function compositionDirFrom(value: string | undefined): string | null {
  const dir = value?.trim() || '../shell/dist';
  return dir === 'off' ? null : path.resolve(apiRoot, dir);
}
