import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadPaymentConfig } from './features/payment/config.ts';
import { mollieProvider } from './features/payment/mollie-provider.ts';
import { seed } from './db/seed/index.ts';
import { trustProxyFromEnv } from './http/trust-proxy.ts';
import { defaultMailFrom, loadMailConfig } from './mail/config.ts';
import { productionRefusal, shopModeFromEnv } from './features/mode/production-check.ts';
import { createMailer } from './mail/mailer.ts';

/** Starts the API: open the database, migrate, seed if empty, listen; close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // Before anything is opened: production without its settings stops here with one line naming them all.
  const refusal = productionRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exitCode = 1;
    return;
  }
  const mode = shopModeFromEnv(process.env);
  const config = loadConfig();
  const db = createDatabase(config.database);
  const mail = loadMailConfig();
  const payment = loadPaymentConfig();
  const app = buildApp({
    db,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    partnerOrigins: config.partnerOrigins,
    // Listings may show free places up to 5 s old; the cart's price calculation re-checks them.
    catalogCacheMs: 5000,
    mailer: createMailer({ db, smtpUrl: mail.smtpUrl, from: mail.from }),
    shopUrl: mail.shopUrl,
    paymentHoldSeconds: config.paymentHoldSeconds,
    // Without PAYMENT_PROVIDER=mollie the app serves the sandbox (no money moves).
    paymentProvider: payment.provider === 'mollie' ? mollieProvider({ apiKey: payment.apiKey, apiUrl: payment.apiUrl, shopUrl: mail.shopUrl }) : undefined,
    redisUrl: config.redisUrl,
    trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY),
    mode,
    holdSweepIntervalMs: config.holdSweepMs,
    waitlistOfferSeconds: config.waitlistOfferSeconds,
    waitlistIntervalMs: config.waitlistIntervalMs,
  });
  app.log.info(`payment provider: ${payment.provider}`);
  if (mode === 'development') {
    app.log.warn('Development mode: every page says it is a test shop, and the sandbox takes payments unless PAYMENT_PROVIDER is set; NODE_ENV=production to go live (README "Going live")');
    if (!mail.smtpUrl) app.log.warn('SMTP_URL is not set: mails go to the dev outbox, readable from this machine only at GET /api/dev/mailbox');
  } else if (mail.from === defaultMailFrom) {
    app.log.warn(`MAIL_FROM is not set: mails are sent as "${defaultMailFrom}", an address nobody can answer`);
  }
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`rate-limit counters in ${config.redisUrl ? 'Redis (REDIS_URL)' : 'the database'}`);

  try {
    const applied = await migrateToLatest(db);
    const seeded = await seed(db);
    app.log.info({ database: where, migrationsApplied: applied, seededCatalog: seeded.catalog, translationsAdded: seeded.translationsAdded }, 'database ready');
  } catch (error) {
    app.log.error({ err: error }, 'database setup failed');
    await db.close().catch(() => {});
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Stop accepting requests and let running ones finish, then release the database.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await db.close();
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
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await db.close().catch(() => {});
    process.exit(1);
  }
}

void main();
