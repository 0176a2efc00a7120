import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Db } from './db/database.ts';
import { cartRoutes } from './features/cart/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { ResponseCache } from './features/catalog/response-cache.ts';
import { checkBearerFirst } from './features/customer/authenticate.ts';
import { customerRoutes } from './features/customer/routes.ts';
import type { PasswordHashingOptions } from './features/customer/passwords.ts';
import { productRoutes } from './features/product/routes.ts';
import { examRoutes } from './features/exam/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { shopModeRoutes } from './features/mode/routes.ts';
import type { ShopMode } from '@shop/shared/contract';
import { startHoldSweep } from './features/order/hold-sweep.ts';
import { orderRoutes } from './features/order/routes.ts';
import { orderStateRoutes } from './features/order/state-routes.ts';
import { guardedProvider } from './features/payment/guarded-provider.ts';
import { offeredMethodsOf } from './features/payment/offered-methods.ts';
import type { PaymentProvider } from './features/payment/provider.ts';
import { paymentRoutes } from './features/payment/routes.ts';
import { sandboxProvider, sandboxProviderName } from './features/payment/sandbox-provider.ts';
import { defaultPaymentHoldSeconds } from './features/payment/provider.ts';
import { translationRoutes } from './features/translation/routes.ts';
import { defaultWaitlistOfferSeconds } from './features/waitlist/offers.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { startWaitlistOffers } from './features/waitlist/starter.ts';
import { registerCors } from './http/cors.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { parseQueryString } from './http/querystring.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerRateLimits } from './rate-limit/route-limits.ts';
import { createRateLimitStore, type RateLimitStore } from './rate-limit/store.ts';
import { defaultMailFrom, defaultShopUrl } from './mail/config.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
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
  /** Milliseconds a course-search answer may be served from memory (main.ts: 5 s); 0, the default, disables it. */
  catalogCacheMs?: number;
  /** Seconds an order waiting for its payment holds places, credits and codes; 1800 by default. */
  paymentHoldSeconds?: number;
  /** Payment provider; the sandbox by default (development only). */
  paymentProvider?: PaymentProvider;
  /**
   * `production` (NODE_ENV=production): no dev outbox route and no sandbox, so a payment provider is required.
   * `development` by default (docs/decisions/0003-production-mode.md).
   */
  mode?: ShopMode;
  /** Milliseconds between two runs of the payment-hold sweep (main.ts: PAYMENT_HOLD_SWEEP_MS, 5 s by default); unset: no sweep. */
  holdSweepIntervalMs?: number;
  /** Seconds a waitlist offer holds its place (WAITLIST_OFFER_SECONDS); 24 hours by default. */
  waitlistOfferSeconds?: number;
  /** Milliseconds between two waitlist runs (main.ts: WAITLIST_INTERVAL_MS, 10 s by default); unset: no runs. */
  waitlistIntervalMs?: number;
  /** Milliseconds the shop waits for the payment provider per call (5 s by default). */
  paymentProviderTimeoutMs?: number;
  /** REDIS_URL: rate-limit counters in this Redis; without, in the database (both shared by every API process). */
  redisUrl?: string | null;
  /** Prefix of the Redis keys ('shop:rl:'); tests give each app its own. */
  redisKeyPrefix?: string;
  /** Rate-limit counters made elsewhere (the benchmark's); replaces the two options above. */
  rateLimitStore?: RateLimitStore;
}

/**
 * The API as a Fastify instance, not listening: main.ts listens, tests use `app.inject`.
 * Every route validates its input and its output with the zod schemas of `@shop/shared/contract`.
 */
export function buildApp({ db, now = () => new Date(), logger = false, partnerOrigins = [], mode = 'development', ...options }: BuildAppOptions) {
  if (mode === 'production' && (!options.paymentProvider || options.paymentProvider.name === sandboxProviderName)) {
    throw new Error('Production mode needs a real payment provider (the sandbox exists in development only)');
  }
  const app = Fastify({
    logger,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { querystringParser: parseQueryString },
    // Errors answered before any hook runs get the envelope as well (errors.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const shopUrl = options.shopUrl ?? defaultShopUrl;
  const origins = { shopOrigin: new URL(shopUrl).origin, partnerOrigins };
  registerSecurityHeaders(app, origins);
  registerCors(app, origins);
  const logError = (error: unknown, what: string) => app.log.error({ err: error }, what);
  registerRateLimits(app, options.rateLimitStore ?? createRateLimitStore({ db, redisUrl: options.redisUrl, redisKeyPrefix: options.redisKeyPrefix, onError: logError }));

  const ctx: AppContext = {
    db,
    now,
    mailer: options.mailer ?? createMailer({ db, smtpUrl: null, from: defaultMailFrom, now }),
    shopUrl,
    paymentHoldSeconds: options.paymentHoldSeconds ?? defaultPaymentHoldSeconds,
    mode,
    waitlistOfferSeconds: options.waitlistOfferSeconds ?? defaultWaitlistOfferSeconds,
  };
  // Routes with a bearer rule check the token before anything else (see authenticate.ts).
  app.addHook('onRequest', checkBearerFirst(ctx));
  // Booking or releasing places makes cached course-search answers (free places, occupancy) stale.
  const searchCache = new ResponseCache(options.catalogCacheMs ?? 0);
  const onPlacesChanged = () => searchCache.clear();
  const sandbox = options.paymentProvider ? null : sandboxProvider(db, shopUrl);
  const provider = guardedProvider(options.paymentProvider ?? sandbox!, options.paymentProviderTimeoutMs);
  const offeredPaymentMethods = offeredMethodsOf(provider, { now: () => now().getTime() });
  // Knowing the provider's methods before the first checkout spares it that wait.
  app.addHook('onReady', async () => void offeredPaymentMethods());
  if (options.holdSweepIntervalMs) registerHoldSweep(app, { db: db.kysely, now, intervalMs: options.holdSweepIntervalMs, onCancelled: onPlacesChanged });
  if (options.waitlistIntervalMs) registerWaitlistOffers(app, { ctx, intervalMs: options.waitlistIntervalMs, onPlacesChanged });
  app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(shopModeRoutes(ctx));
      await api.register(catalogRoutes(ctx, { searchCache }));
      await api.register(productRoutes(ctx));
      await api.register(translationRoutes(ctx));
      await api.register(customerRoutes(ctx, { passwordHashing: options.passwordHashing }));
      await api.register(devMailboxRoutes(ctx));
      await api.register(examRoutes(ctx));
      await api.register(cartRoutes(ctx, { offeredPaymentMethods }));
      await api.register(orderRoutes(ctx, { provider, offeredPaymentMethods, onPlacesChanged }));
      await api.register(orderStateRoutes(ctx));
      await api.register(paymentRoutes(ctx, { provider, sandbox, onPlacesChanged }));
      await api.register(waitlistRoutes(ctx, { onPlacesChanged }));
    },
    { prefix: '/api' },
  );
  return app;
}

export type App = ReturnType<typeof buildApp>;

/** The payment-hold sweep runs while the app is ready: started with it, stopped (awaited) when it closes. */
function registerHoldSweep(app: FastifyInstance, options: { db: Db['kysely']; now: () => Date; intervalMs: number; onCancelled: () => void }): void {
  let sweep: ReturnType<typeof startHoldSweep> | null = null;
  app.addHook('onReady', async () => {
    sweep = startHoldSweep({ ...options, log: app.log });
  });
  app.addHook('onClose', async () => {
    await sweep?.stop();
  });
}

/** The waitlist's runs, like the sweep: started when the app is ready, stopped (awaited) when it closes. */
function registerWaitlistOffers(app: FastifyInstance, options: { ctx: AppContext; intervalMs: number; onPlacesChanged: () => void }): void {
  let runs: ReturnType<typeof startWaitlistOffers> | null = null;
  app.addHook('onReady', async () => {
    runs = startWaitlistOffers({ ...options, log: app.log });
  });
  app.addHook('onClose', async () => {
    await runs?.stop();
  });
}
