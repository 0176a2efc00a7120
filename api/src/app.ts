import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Db } from './db/database.ts';
import { adminApi } from './features/admin/plugin.ts';
import { caseSweepJob } from './features/admin-cases/sweep.ts';
import { registerCaseMetrics } from './features/admin-cases/metrics.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { ResponseCache } from './features/catalog/response-cache.ts';
import { checkBearerFirst } from './features/customer/authenticate.ts';
import { customerRoutes } from './features/customer/routes.ts';
import type { PasswordHashingOptions } from './features/customer/passwords.ts';
import { productRoutes } from './features/product/routes.ts';
import { examRoutes } from './features/exam/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { createShopMetrics, type ShopMetrics } from './features/metrics/metrics.ts';
import { registerMetrics } from './features/metrics/plugin.ts';
import { shopModeRoutes } from './features/mode/routes.ts';
import { schoolIdentityCache, schoolIdentityProblems } from './features/school/identity.ts';
import { schoolRoutes } from './features/school/routes.ts';
import type { ShopMode } from '@shop/shared/contract';
import { holdSweepJob } from './features/order/hold-sweep.ts';
import { customerOrderRoutes } from './features/order/customer-routes.ts';
import { orderRoutes } from './features/order/routes.ts';
import { orderStateRoutes } from './features/order/state-routes.ts';
import { defaultUnpaidHoldPlaces } from './features/order/unpaid-holds.ts';
import { captureJob, type CaptureOptions } from './features/payment/capture.ts';
import { guardedProvider } from './features/payment/guarded-provider.ts';
import { offeredMethodsOf } from './features/cart/pricing/offered-methods.ts';
import type { PaymentProvider } from './features/payment-provider/provider.ts';
import { paymentRoutes } from './features/payment/routes.ts';
import { sandboxProvider, sandboxProviderName } from './features/payment/sandbox-provider.ts';
import { defaultPaymentHoldSeconds } from './features/payment-provider/provider.ts';
import { translationRoutes } from './features/translation/routes.ts';
import { areaFailureRoutes } from './features/area-failures/routes.ts';
import { shippedTextsFollower } from './features/texts/shipped.ts';
import { withdrawalRoutes } from './features/withdrawal/routes.ts';
import { retentionJobs } from './features/privacy/retention.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { defaultWaitlistOfferSeconds } from './features/waitlist/offers.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { waitlistOffersJob } from './features/waitlist/starter.ts';
import { registerNoStoreByDefault } from './http/cache-control.ts';
import { registerCors } from './http/cors.ts';
import { registerCompression } from './http/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import {
  type ConnectionLimits,
  connectionServerOptions,
  defaultConnectionLimits,
  registerConnectionLimits,
  uncappedPeers,
} from './http/connections.ts';
import { registerJsonParser } from './http/json-depth.ts';
import { parseQueryString } from './http/querystring.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerLifecycle } from './lifecycle/graceful-stop.ts';
import { registerRateLimits } from './rate-limit/route-limits.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit/store.ts';
import { defaultMailFrom, defaultShopUrl } from './mail/config.ts';
import { defaultBackofficeUrl } from './features/staff/config.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { cleanupJob } from './jobs/cleanup-job.ts';
import { invoiceCancellationJob } from './features/invoice/cancellation.ts';
import { invoicePdfJob } from './features/invoice/render-job.ts';
import { invoiceRoutes } from './features/invoice/routes.ts';
import { jobLagSeconds } from './jobs/lag.ts';
import { createJobRunner } from './jobs/runner.ts';
import { type RetryPolicy } from './mail/delivery.ts';
import { mailDeliveryJob } from './mail/delivery-job.ts';
import { mailStats } from './mail/outbox.ts';
import { askAgainAboutExpiredPayments, cancelPaymentOfExpiredOrder } from './features/payment/cancel-expired.ts';
import { devMailboxRoutes } from './mail/routes.ts';

export interface BuildAppOptions {
  db: Db;
  now?: () => Date;
  /** Fastify logger options; off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger'];
  /** Mail delivery; by default the dev outbox in `db`. */
  mailer?: Mailer;
  /** Origin that links in mails point to (SHOP_URL). */
  shopUrl?: string;
  /** argon2id settings; OWASP's unless a test asks for cheaper ones. */
  passwordHashing?: PasswordHashingOptions;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits are per client). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Origins of partner pages that may call the API from the browser (CORS) and frame it; none by default. */
  partnerOrigins?: readonly string[];
  /** HSTS_INCLUDE_SUBDOMAINS: whether the HSTS header of an https shop covers its subdomains (true by default). */
  hstsIncludeSubDomains?: boolean;
  /** Milliseconds a course-search answer may be served from memory (main.ts: 5 s); 0, the default, disables it. */
  catalogCacheMs?: number;
  /** Seconds an order waiting for its payment holds places, credits and codes; 1800 by default. */
  paymentHoldSeconds?: number;
  /** Course places one client and one inbox may hold in unpaid orders at once; 10 by default. */
  unpaidHoldPlaces?: number;
  /** Payment provider; the sandbox by default (development only). */
  paymentProvider?: PaymentProvider;
  /**
   * `production` (NODE_ENV=production): no dev outbox route and no sandbox, so a payment provider is required.
   * `development` by default (docs/decisions/0003-production-mode.md).
   */
  mode?: ShopMode;
  /** Milliseconds between two runs of the payment-hold sweep (main.ts: PAYMENT_HOLD_SWEEP_MS, 5 s by default); unset: no sweep. */
  holdSweepIntervalMs?: number;
  /** Milliseconds between two looks into the mail outbox (main.ts: MAIL_DELIVERY_MS, 1 s); unset: mails stay queued. */
  mailDeliveryMs?: number;
  /** How the delivery retries a mail; defaultRetryPolicy unless set. */
  mailRetry?: RetryPolicy;
  /** Milliseconds between two cleanups of expired tokens, sessions, parked carts, counters (main.ts: 5 min); unset: none. */
  cleanupIntervalMs?: number;
  /** Milliseconds between two runs of each retention job (main.ts: RETENTION_INTERVAL_MS, 1 hour); unset: none. */
  retentionIntervalMs?: number;
  /** Milliseconds between two runs of the cancellation-invoice job (INVOICE_CANCELLATION_MS, 1 min); unset: none. */
  invoiceCancellationMs?: number;
  /** Milliseconds between two runs of the invoice-PDF job on each process (INVOICE_RENDER_MS, 5 s); unset: none. */
  invoiceRenderMs?: number;
  /** Seconds a waitlist offer holds its place (WAITLIST_OFFER_SECONDS); 24 hours by default. */
  waitlistOfferSeconds?: number;
  /** Milliseconds between two waitlist runs (main.ts: WAITLIST_INTERVAL_MS, 10 s by default); unset: no runs. */
  waitlistIntervalMs?: number;
  /**
   * Milliseconds between two runs of the job that retries due captures of authorized payments (main.ts:
   * CAPTURE_RETRY_MS, 1 minute by default); unset: no runs, only the capture made when the authorization arrives.
   */
  captureRetryMs?: number;
  /**
   * Milliseconds between two runs of the case sweep (main.ts: CASES_SWEEP_MS, 1 minute by default): unused withdrawal
   * links, the backstop of cases, pending refunds, the daily digest; unset: no runs.
   */
  casesSweepMs?: number;
  /** Milliseconds the shop waits for the payment provider per call (5 s by default). */
  paymentProviderTimeoutMs?: number;
  /** REDIS_URL: rate-limit counters in this Redis; without, in the database (both shared by every API process). */
  redisUrl?: string | null;
  /** Prefix of the Redis keys ('shop:rl:'); tests give each app its own. */
  redisKeyPrefix?: string;
  /**
   * API_PROCESSES: how many API processes share the rate limits (1 by default). While Redis cannot be reached each
   * counts alone, at this share of each limit.
   */
  apiProcesses?: number;
  /** Rate-limit counters made elsewhere (the benchmark's); replaces the two options above. */
  rateLimitStore?: RateLimitStore;
  /** Prometheus metrics (main.ts serves them on METRICS_PORT); a fresh registry by default. */
  metrics?: ShopMetrics;
  /**
   * Connections per client address and the header, body and keep-alive timeouts (http/connections.ts); defaults
   * unless set. `uncapped` defaults to the proxies `trustProxy` trusts, and this machine in development.
   */
  connectionLimits?: Partial<ConnectionLimits>;
  /** What keeps the configuration from being complete; `/api/ready` answers 503 while there is any. */
  configurationProblems?: () => string[];
  /** Origin of the back office (BACKOFFICE_URL): staff setup links point there. */
  backofficeUrl?: string;
  /** SHOP_COMPOSITION_DIR: the shell's folder whose live composition the shipped texts follow; none by default. */
  compositionDir?: string | null;
}

/**
 * The API as a Fastify instance, not listening: main.ts listens, tests use `app.inject`.
 * Every route validates its input and its output with the zod schemas of `@shop/shared/contract`.
 */
export function buildApp({
  db,
  now = () => new Date(),
  logger = false,
  partnerOrigins = [],
  mode = 'development',
  ...options
}: BuildAppOptions) {
  if (mode === 'production' && (!options.paymentProvider || options.paymentProvider.name === sandboxProviderName)) {
    throw new Error('Production mode needs a real payment provider (the sandbox exists in development only)');
  }
  const connectionLimits: ConnectionLimits = {
    ...defaultConnectionLimits,
    uncapped: uncappedPeers(options.trustProxy, mode === 'development'),
    ...options.connectionLimits,
  };
  const app = Fastify({
    // Whatever logger the caller asks for never writes secrets, card data or full e-mail addresses (log-redaction.ts).
    logger: logger && loggerOptions(logger === true ? {} : logger),
    // A request arriving on an open connection while the app stops is served (and told Connection: close), not
    // refused with 503: the stop waits for it anyway (lifecycle/graceful-stop.ts).
    return503OnClosing: false,
    trustProxy: options.trustProxy ?? false,
    // Slow clients are answered 408 and closed instead of holding their sockets (http/connections.ts).
    ...connectionServerOptions(connectionLimits),
    routerOptions: { querystringParser: parseQueryString },
    // Errors answered before any hook runs get the envelope as well (errors.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerConnectionLimits(app, connectionLimits);
  registerJsonParser(app);
  registerLifecycle(app);
  const metrics = options.metrics ?? createShopMetrics(db);
  registerMetrics(app, metrics);
  registerCaseMetrics(metrics.registry, db.kysely);
  // Read at scrape time from the outbox and the job schedule (docs/decisions/0008-outbox-and-jobs.md); a message
  // being sent counts as queued until the server took it.
  metrics.setMailStats(async () => {
    const stats = await mailStats(db.kysely);
    return { queued: stats.queued + stats.sending, sent: stats.sent, failed: stats.failed };
  });
  metrics.setJobLag(() => jobLagSeconds(db.kysely, now()));
  const shopUrl = options.shopUrl ?? defaultShopUrl;
  const origins = { shopOrigin: new URL(shopUrl).origin, partnerOrigins };
  registerSecurityHeaders(app, { ...origins, hstsIncludeSubDomains: options.hstsIncludeSubDomains });
  registerNoStoreByDefault(app);
  registerCors(app, origins);
  registerCompression(app);
  const logError = (error: unknown, what: string) => app.log.error({ err: error }, what);
  // Expired database counters are deleted by the cleanup job, not by a timer of the store's own.
  const rateLimitStore =
    options.rateLimitStore ??
    createRateLimitStore({
      db,
      redisUrl: options.redisUrl,
      redisKeyPrefix: options.redisKeyPrefix,
      onError: logError,
      cleanupIntervalMs: 0,
      processCount: options.apiProcesses,
      onRedisState: (state) => {
        if (state.reachable) app.log.info('Redis (REDIS_URL) answers again: rate limits are shared again');
        else
          app.log.warn(
            { err: state.error },
            `Redis (REDIS_URL) does not answer: until it does, this process counts rate limits alone, at 1/${options.apiProcesses ?? 1} of each limit (API_PROCESSES); /api/ready says "degraded"`,
          );
      },
    });
  registerRateLimits(app, rateLimitStore);
  const jobs = createJobRunner({ db: db.kysely, log: app.log });

  const ctx: AppContext = {
    db,
    now,
    mailer: options.mailer ?? createMailer({ smtpUrl: null, from: defaultMailFrom }),
    shopUrl,
    paymentHoldSeconds: options.paymentHoldSeconds ?? defaultPaymentHoldSeconds,
    unpaidHoldPlaces: options.unpaidHoldPlaces ?? defaultUnpaidHoldPlaces,
    mode,
    jobs,
    waitlistOfferSeconds: options.waitlistOfferSeconds ?? defaultWaitlistOfferSeconds,
    // A cache of what the database holds, not a rule of the shop: the wall clock times it.
    schoolIdentity: schoolIdentityCache(db.kysely, () => Date.now()),
    shippedTexts: shippedTextsFollower(db, options.compositionDir ?? null, (target) =>
      app.log.info({ composition: target }, 'shipped texts now follow the live composition'),
    ),
  };
  // Production is not ready until the owner has set the school's identity (a database fault is reported apart).
  const configurationProblems = async () => [
    ...(options.configurationProblems?.() ?? []),
    ...(mode === 'production' ? await schoolIdentityProblems(db.kysely).catch(() => []) : []),
  ];
  // Routes with a bearer rule check the token before anything else (see authenticate.ts).
  app.addHook('onRequest', checkBearerFirst(ctx));
  // Booking or releasing places makes cached course-search answers (free places, occupancy) stale.
  const searchCache = new ResponseCache(options.catalogCacheMs ?? 0);
  const onPlacesChanged = () => searchCache.clear();
  const sandbox = options.paymentProvider ? null : sandboxProvider(db, shopUrl);
  const provider = guardedProvider(options.paymentProvider ?? sandbox!, options.paymentProviderTimeoutMs);
  const captures: CaptureOptions = {
    db: db.kysely,
    provider,
    now,
    log: app.log,
    onResult: (result) => metrics.paymentCaptures.inc({ result }),
  };
  if (options.captureRetryMs && provider.capturePayment)
    jobs.register(captureJob({ ...captures, everyMs: options.captureRetryMs }));
  // Into the app's log (docs/operations.md#logs), not the console: an unreachable provider is an operator's matter.
  const offeredPaymentMethods = offeredMethodsOf(provider, {
    now: () => now().getTime(),
    onError: (error) => logError(error, 'Payment methods could not be listed'),
  });
  // Knowing the provider's methods before the first checkout spares it that wait.
  app.addHook('onReady', async () => void offeredPaymentMethods());
  const onHoldsExpired = (orders: readonly unknown[]) => {
    metrics.holdsExpired.inc(orders.length);
    onPlacesChanged();
  };
  if (options.holdSweepIntervalMs) {
    // The app's clock and logger: a refund alert the sweep raises goes where the webhook's alerts go.
    const cancelProviderPayment = (orderId: number) =>
      cancelPaymentOfExpiredOrder(db.kysely, provider, orderId, { now, log: app.log });
    const askAgainAboutPayments = () => askAgainAboutExpiredPayments(db.kysely, provider, { now, log: app.log });
    jobs.register(
      holdSweepJob({
        db: db.kysely,
        now,
        everyMs: options.holdSweepIntervalMs,
        log: app.log,
        onCancelled: onHoldsExpired,
        cancelProviderPayment,
        askAgainAboutPayments,
      }),
    );
  }
  if (options.mailDeliveryMs)
    jobs.register(
      mailDeliveryJob({
        db: db.kysely,
        mailer: ctx.mailer,
        workerId: jobs.workerId,
        everyMs: options.mailDeliveryMs,
        retry: options.mailRetry,
        log: app.log,
      }),
    );
  if (options.cleanupIntervalMs)
    jobs.register(cleanupJob({ db: db.kysely, now, everyMs: options.cleanupIntervalMs, rateLimitStore, log: app.log }));
  if (options.retentionIntervalMs)
    for (const job of retentionJobs({ db: db.kysely, now, everyMs: options.retentionIntervalMs, log: app.log }))
      jobs.register(job);
  if (options.casesSweepMs)
    jobs.register(caseSweepJob({ db: db.kysely, provider, now, log: app.log, everyMs: options.casesSweepMs }));
  if (options.invoiceCancellationMs)
    jobs.register(invoiceCancellationJob({ db: db.kysely, now, everyMs: options.invoiceCancellationMs, log: app.log }));
  if (options.invoiceRenderMs)
    jobs.register(
      invoicePdfJob({ db: db.kysely, workerId: jobs.workerId, everyMs: options.invoiceRenderMs, log: app.log }),
    );
  if (options.waitlistIntervalMs)
    jobs.register(waitlistOffersJob({ ctx, everyMs: options.waitlistIntervalMs, log: app.log, onPlacesChanged }));
  // Jobs run while the app is ready; closing it lets running jobs finish their unit and hands the rest back.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  app.register(
    async (api) => {
      await api.register(healthRoutes(ctx, { configurationProblems }));
      await api.register(schoolRoutes(ctx.schoolIdentity));
      await api.register(shopModeRoutes(ctx));
      await api.register(catalogRoutes(ctx, { searchCache }));
      await api.register(productRoutes(ctx));
      await api.register(translationRoutes(ctx));
      await api.register(areaFailureRoutes());
      await api.register(customerRoutes(ctx, { passwordHashing: options.passwordHashing }));
      await api.register(customerOrderRoutes(ctx));
      await api.register(devMailboxRoutes(ctx));
      await api.register(examRoutes(ctx));
      await api.register(cartRoutes(ctx, { offeredPaymentMethods }));
      await api.register(orderRoutes(ctx, { provider, offeredPaymentMethods, onPlacesChanged }));
      await api.register(invoiceRoutes(ctx));
      await api.register(
        orderStateRoutes(ctx, {
          cancelProviderPayment: (orderId) =>
            cancelPaymentOfExpiredOrder(db.kysely, provider, orderId, { now, log: app.log }),
          onPlacesChanged,
        }),
      );
      await api.register(paymentRoutes(ctx, { provider, sandbox, onPlacesChanged, captures }));
      await api.register(withdrawalRoutes(ctx, { provider, onPlacesChanged }));
      await api.register(waitlistRoutes(ctx, { onPlacesChanged }));
      await api.register(privacyRoutes(ctx, { passwordHashing: options.passwordHashing }));
      await api.register(
        adminApi(ctx, {
          passwordHashing: options.passwordHashing,
          backofficeUrl: options.backofficeUrl ?? defaultBackofficeUrl,
          onCatalogueChanged: onPlacesChanged,
          provider,
        }),
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  return app;
}

export type App = ReturnType<typeof buildApp>;
