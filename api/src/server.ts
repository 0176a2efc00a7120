import { parseHstsIncludeSubDomains } from '@shop/shared/server';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { loadPaymentConfig } from './features/payment/config.ts';
import { mollieProvider } from './features/payment/mollie-provider.ts';
import { prepareDatabase } from './db/startup.ts';
import { shippedSource } from './features/texts/shipped.ts';
import { schoolIdentityProblems } from './features/school/identity.ts';
import { trustProxyFromEnv } from './http/trust-proxy.ts';
import { defaultMailFrom, loadMailConfig } from './mail/config.ts';
import { productionProblems, productionSettingsFromEnv, shopModeFromEnv } from './features/mode/production-check.ts';
import { createShopMetrics } from './features/metrics/metrics.ts';
import { type MetricsServer, startMetricsServer } from './features/metrics/server.ts';
import { gracefulStop } from './lifecycle/graceful-stop.ts';
import { createMailer } from './mail/mailer.ts';
import { loadJobConfig } from './jobs/config.ts';
import { backofficeUrlFromEnv } from './features/staff/config.ts';
import { productionDependencies } from './features/health/production-dependencies.ts';

/**
 * Starts the API: open the database, migrate, seed if empty, listen; close cleanly on SIGINT/SIGTERM. Called by
 * main.ts once the production settings are known to be complete.
 */
export async function startServer(): Promise<void> {
  // The one place the server takes its settings from the environment; each reader parses its own variables.
  const env = process.env;
  const mode = shopModeFromEnv(env);
  const config = loadConfig(env);
  const hstsIncludeSubDomains = parseHstsIncludeSubDomains(env.HSTS_INCLUDE_SUBDOMAINS);
  const db = createDatabase(config.database);
  const mail = loadMailConfig(env);
  const payment = loadPaymentConfig(env);
  const jobConfig = loadJobConfig(env);
  const metrics = createShopMetrics(db, { processMetrics: true });
  const mailer = createMailer({ smtpUrl: mail.smtpUrl, from: mail.from, requireTls: mail.requireTls });
  const paymentProvider =
    payment.provider === 'mollie'
      ? mollieProvider({ apiKey: payment.apiKey, apiUrl: payment.apiUrl, shopUrl: mail.shopUrl })
      : undefined;
  // Production asks the mail server and Mollie at start; /api/ready says 503 until both answered (not a refusal).
  let dependencies: ReturnType<typeof productionDependencies> | null = null;
  const app = buildApp({
    db,
    // LOG_FILE: JSON lines to this file instead of stdout (the e2e run checks its file for secrets).
    logger: {
      level: env.LOG_LEVEL ?? 'info',
      ...(env.LOG_FILE?.trim() ? { file: env.LOG_FILE.trim() } : {}),
    },
    partnerOrigins: config.partnerOrigins,
    hstsIncludeSubDomains,
    // Listings may show free places up to 5 s old; the cart's price calculation re-checks them.
    catalogCacheMs: 5000,
    mailer,
    shopUrl: mail.shopUrl,
    paymentHoldSeconds: config.paymentHoldSeconds,
    unpaidHoldPlaces: config.unpaidHoldPlaces,
    connectionLimits: { perClient: config.connectionsPerClient },
    // Without PAYMENT_PROVIDER=mollie the app serves the sandbox (no money moves).
    paymentProvider,
    redisUrl: config.redisUrl,
    apiProcesses: config.apiProcesses,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    mode,
    holdSweepIntervalMs: config.holdSweepMs,
    mailDeliveryMs: jobConfig.mailDeliveryMs,
    mailRetry: jobConfig.mailRetry,
    cleanupIntervalMs: jobConfig.cleanupMs,
    retentionIntervalMs: jobConfig.retentionMs,
    invoiceCancellationMs: jobConfig.invoiceCancellationMs,
    invoiceRenderMs: jobConfig.invoiceRenderMs,
    captureRetryMs: jobConfig.captureRetryMs,
    casesSweepMs: jobConfig.casesSweepMs,
    metrics,
    configurationProblems: () =>
      mode === 'production'
        ? [...productionProblems(productionSettingsFromEnv(env)), ...(dependencies?.problems() ?? [])]
        : [],
    waitlistOfferSeconds: config.waitlistOfferSeconds,
    waitlistIntervalMs: config.waitlistIntervalMs,
    backofficeUrl: backofficeUrlFromEnv(env),
    compositionDir: config.compositionDir,
  });
  app.log.info(`payment provider: ${payment.provider}`);
  // DEPENDENCY_CHECKS=off: a copy that cannot reach them (a staging shop, a test with a fake Mollie, which production
  // cannot trust: Mollie's client pins its own certificate authorities).
  if (mode === 'production' && env.DEPENDENCY_CHECKS?.trim() !== 'off')
    dependencies = productionDependencies({ mailer, paymentProvider, log: app.log });
  if (mode === 'development') {
    app.log.warn(
      'Development mode: every page says it is a test shop, and the sandbox takes payments unless PAYMENT_PROVIDER is set; NODE_ENV=production to go live (docs/deploy.md, "Going live")',
    );
    if (!mail.smtpUrl)
      app.log.warn(
        'SMTP_URL is not set: mails go to the dev outbox, readable from this machine only at GET /api/dev/mailbox (as a page, with attachments: /api/dev/outbox)',
      );
  } else if (mail.from === defaultMailFrom) {
    app.log.warn(`MAIL_FROM is not set: mails are sent as "${defaultMailFrom}", an address nobody can answer`);
  }
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`rate-limit counters in ${config.redisUrl ? 'Redis (REDIS_URL)' : 'the database'}`);

  try {
    const { applied, seeded } = await prepareDatabase(db, { mode, texts: shippedSource(config.compositionDir) });
    if (mode === 'production' && (await schoolIdentityProblems(db.kysely)).length > 0)
      app.log.warn(
        "The school's identity is not set: /api/ready answers 503 until the owner sets it in the back office (docs/backoffice.md)",
      );
    app.log.info(
      {
        database: where,
        migrationsApplied: applied,
        seededCatalog: seeded.catalog,
        translationsAdded: seeded.translationsAdded,
        translationsUpdated: seeded.translationsUpdated,
      },
      'database ready',
    );
  } catch (error) {
    app.log.error({ err: error }, 'database setup failed');
    await db.close().catch(() => {});
    process.exit(1);
  }

  let metricsServer: MetricsServer | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      `${signal} received: not ready; no new connections after ${config.shutdownDrainMs} ms; finishing requests in flight (up to ${config.shutdownTimeoutMs} ms), then background work`,
    );
    // Requests get SHUTDOWN_TIMEOUT_MS, background work as long again; a process stuck beyond that exits anyway.
    const timer = setTimeout(
      () => {
        app.log.error('Shutdown did not finish in time; exiting');
        process.exit(1);
      },
      config.shutdownDrainMs + 2 * config.shutdownTimeoutMs + 1000,
    );
    timer.unref();
    dependencies?.stop();
    try {
      const inTime = await gracefulStop(app, { timeoutMs: config.shutdownTimeoutMs, drainMs: config.shutdownDrainMs });
      await metricsServer?.close();
      await db.close();
      app.log.info(inTime ? 'stopped cleanly' : 'stopped; some requests were cut off');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    if (config.metrics) {
      metricsServer = await startMetricsServer(metrics, config.metrics);
      app.log.info(`metrics at ${metricsServer.url}/metrics`);
    }
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await db.close().catch(() => {});
    process.exit(1);
  }
}
