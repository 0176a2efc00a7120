import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';

/** What the mail outbox holds right now, by state (read at scrape time from wherever mails are kept). */
export interface MailStats {
  queued: number;
  sent: number;
  failed: number;
}

/** Seconds the oldest due background job has been waiting, per job kind (read at scrape time). */
export type JobLag = Record<string, number>;

export interface ShopMetricsOptions {
  /** Also the Node process's own metrics (memory, event-loop delay, …); server.ts turns them on, tests leave them off. */
  processMetrics?: boolean;
}

/**
 * The shop's Prometheus metrics, one registry per app (tests build many apps in one process, and prom-client's
 * global registry refuses a metric name twice). Counters count what this process saw; the gauges read the
 * database at scrape time, so every process reports the same shop-wide state (docs/decisions/0010-operations.md).
 */
export function createShopMetrics(db: Db, { processMetrics = false }: ShopMetricsOptions = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  let mailStats: (() => Promise<MailStats>) | null = null;
  let jobLag: (() => Promise<JobLag>) | null = null;

  const requestDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const paymentsByOutcome = new Counter({
    name: 'shop_payments_total',
    help: 'Payment reports of the provider (webhook or return), by what the shop did (outcome: paid, authorized, captured, not_captured, authorization_lapsed, cancelled, refund_required, unchanged, amount_mismatch, charged_back) and the payment status reported (paid, authorized, failed, canceled, expired, pending)',
    labelNames: ['outcome', 'status'] as const,
    registers: [registry],
  });
  const paymentCaptures = new Counter({
    name: 'shop_payment_captures_total',
    help: 'Attempts of this process at capturing an authorized payment (Klarna), by result (captured, failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const holdsExpired = new Counter({
    name: 'shop_payment_holds_expired_total',
    help: 'Orders this process cancelled because their payment hold ended',
    registers: [registry],
  });
  const rateLimitHits = new Counter({
    name: 'shop_rate_limit_hits_total',
    help: 'Requests refused with 429 Too Many Requests, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const areaFailures = new Counter({
    name: 'shop_area_failures_total',
    help: 'Areas the shell contained instead of showing them, as browsers reported them, by area (catalog, cartCheckout, account, levelTest) and reason (version-clash, manifest, timeout, load, render)',
    labelNames: ['area', 'reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'shop_orders',
    help: 'Orders in the database, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db.kysely
        .selectFrom('shop_order')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'shop_mails',
    help: 'Mails in the outbox, by state (queued, sent, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!mailStats) return;
      const stats = await mailStats();
      for (const state of ['queued', 'sent', 'failed'] as const) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: 'shop_job_lag_seconds',
    help: 'How long the oldest due background job has been waiting, by job kind',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!jobLag) return;
      for (const [job, seconds] of Object.entries(await jobLag())) this.set({ job }, seconds);
    },
  });

  return {
    registry,
    requestDuration,
    paymentsByOutcome,
    paymentCaptures,
    holdsExpired,
    rateLimitHits,
    areaFailures,
    /** Where `shop_mails` reads the outbox's counts from (the mail outbox plugs itself in). */
    setMailStats(source: () => Promise<MailStats>) {
      mailStats = source;
    },
    /** Where `shop_job_lag_seconds` reads the job queue's lag from (the job runner plugs itself in). */
    setJobLag(source: () => Promise<JobLag>) {
      jobLag = source;
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
