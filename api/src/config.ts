import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
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
 * A whole number read from the environment: blank or unset means `fallback`; a value outside min…max (or no
 * whole number) fails with `message`, which names the variable. The one way API settings read a number.
 */
export function wholeNumberVariable(
  fallback: number,
  min: number,
  max: number,
  message: (raw: string | undefined) => string,
) {
  return z
    .string()
    .optional()
    .transform((raw, context) => {
      const value = Number(raw?.trim() || fallback);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      context.addIssue({ code: 'custom', message: message(raw) });
      return z.NEVER;
    });
}

/** An optional text variable, trimmed; blank counts as unset. */
export const optionalText = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined);

const millisecondsBetween = (name: string, fallback: number, min: number, max: number) =>
  wholeNumberVariable(
    fallback,
    min,
    max,
    (raw) => `${name} must be a whole number of milliseconds from ${min} to ${max}, got "${raw}"`,
  );

/** The server's variables, in the order they are checked (the first wrong one is reported). */
const serverEnvironmentSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((raw, context) => {
      const port = Number(raw ?? 3000);
      if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
      context.addIssue({ code: 'custom', message: `PORT must be an integer between 0 and 65535, got "${raw}"` });
      return z.NEVER;
    }),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: 'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)',
  }),
  DATABASE_FILE: optionalText,
  PAYMENT_HOLD_SECONDS: wholeNumberVariable(
    1800,
    10,
    Number.POSITIVE_INFINITY,
    (raw) => `PAYMENT_HOLD_SECONDS must be a whole number of seconds, at least 10, got "${raw}"`,
  ),
  UNPAID_HOLD_PLACES: wholeNumberVariable(
    defaultUnpaidHoldPlaces,
    1,
    10_000,
    (raw) => `UNPAID_HOLD_PLACES must be a whole number of places from 1 to 10000, got "${raw}"`,
  ),
  MAX_CONNECTIONS_PER_CLIENT: wholeNumberVariable(
    defaultConnectionsPerClient,
    0,
    100_000,
    (raw) => `MAX_CONNECTIONS_PER_CLIENT must be a whole number from 0 (no cap) to 100000, got "${raw}"`,
  ),
  PAYMENT_HOLD_SWEEP_MS: millisecondsBetween('PAYMENT_HOLD_SWEEP_MS', defaultHoldSweepMs, 100, 10_000),
  WAITLIST_OFFER_SECONDS: wholeNumberVariable(
    waitlistOfferHours * 3600,
    10,
    Number.POSITIVE_INFINITY,
    (raw) => `WAITLIST_OFFER_SECONDS must be a whole number of seconds, at least 10, got "${raw}"`,
  ),
  WAITLIST_INTERVAL_MS: millisecondsBetween('WAITLIST_INTERVAL_MS', 10_000, 100, 600_000),
  REDIS_URL: optionalText.refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
    message: 'REDIS_URL must start with redis:// or rediss:// (leave it unset to keep rate limits in the database)',
  }),
  API_PROCESSES: wholeNumberVariable(
    1,
    1,
    256,
    (raw) => `API_PROCESSES must be a whole number from 1 to 256, got "${raw}"`,
  ),
  SHUTDOWN_TIMEOUT_MS: millisecondsBetween('SHUTDOWN_TIMEOUT_MS', defaultShutdownTimeoutMs, 100, 600_000),
  SHUTDOWN_DRAIN_MS: millisecondsBetween('SHUTDOWN_DRAIN_MS', 0, 0, 60_000),
  METRICS_PORT: optionalText.transform((raw, context) => {
    if (raw === undefined) return null;
    const port = Number(raw);
    if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
    context.addIssue({
      code: 'custom',
      message: `METRICS_PORT must be an integer between 0 and 65535, got "${raw}" (leave it unset for no metrics)`,
    });
    return z.NEVER;
  }),
  METRICS_HOST: optionalText,
  HOST: optionalText,
  PARTNER_ORIGINS: z.string().optional(),
});

/**
 * Parses `env` with `schema`; a wrong value stops the start with the first problem's message, which names the
 * variable (docs/configuration.md lists them all).
 */
export function parseEnvironment<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.output<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid configuration');
  return parsed.data;
}

/**
 * Reads the server configuration from the environment.
 * DATABASE_URL=postgres://… selects PostgreSQL; otherwise SQLite at DATABASE_FILE (relative to `api/`).
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const read = parseEnvironment(serverEnvironmentSchema, env);
  const file = read.DATABASE_FILE ?? 'data/shop.sqlite';
  const database: DatabaseConfig = read.DATABASE_URL
    ? { dialect: 'postgres', url: read.DATABASE_URL }
    : { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(apiRoot, file) };
  return {
    port: read.PORT,
    host: read.HOST ?? '127.0.0.1',
    database,
    partnerOrigins: parsePartnerOrigins(read.PARTNER_ORIGINS),
    paymentHoldSeconds: read.PAYMENT_HOLD_SECONDS,
    unpaidHoldPlaces: read.UNPAID_HOLD_PLACES,
    connectionsPerClient: read.MAX_CONNECTIONS_PER_CLIENT,
    holdSweepMs: read.PAYMENT_HOLD_SWEEP_MS,
    waitlistOfferSeconds: read.WAITLIST_OFFER_SECONDS,
    waitlistIntervalMs: read.WAITLIST_INTERVAL_MS,
    redisUrl: read.REDIS_URL ?? null,
    apiProcesses: read.API_PROCESSES,
    shutdownTimeoutMs: read.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: read.SHUTDOWN_DRAIN_MS,
    metrics: read.METRICS_PORT === null ? null : { host: read.METRICS_HOST ?? '127.0.0.1', port: read.METRICS_PORT },
    compositionDir: compositionDirFrom(env.SHOP_COMPOSITION_DIR),
  };
}

/** @param value SHOP_COMPOSITION_DIR, relative to `api/` */
function compositionDirFrom(value: string | undefined): string | null {
  const dir = value?.trim() || '../shell/dist';
  return dir === 'off' ? null : path.resolve(apiRoot, dir);
}
