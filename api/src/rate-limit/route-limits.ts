import { CustomerErrorCode } from '@shop/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { clientKey } from './client-key.ts';
import type { Limit, RateLimitStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit counters every API process shares (see store.ts). */
    rateLimits: RateLimitStore;
  }
}

export type RateLimit = Limit;

/** A limit per client (IP address, see client-key.ts) and one per e-mail address of the body, both fixed windows. */
export interface RateLimitRule {
  perClient?: RateLimit;
  perAddress?: RateLimit;
}

type HeaderReply = Pick<FastifyReply, 'header'>;

/** Makes `store` the app's counters, ready before the app listens and closed with it. */
export function registerRateLimits(app: FastifyInstance, store: RateLimitStore): void {
  app.decorate('rateLimits', store);
  app.addHook('onReady', () => store.ready());
  app.addHook('onClose', () => store.close());
}

/** The 429 TOO_MANY_REQUESTS answer, with Retry-After (seconds until the exceeded window ends). */
export function tooManyRequests(reply: HeaderReply, retryAfterSeconds: number): AppError {
  reply.header('retry-after', retryAfterSeconds);
  return new AppError(
    429,
    CustomerErrorCode.tooManyRequests,
    `Too many attempts; retry in ${retryAfterSeconds} seconds`,
  );
}

/**
 * A limit on keys a handler knows only itself (a customer id after authentication, the address of an order):
 * counts an attempt for `key` and throws the 429 once the limit is exceeded.
 */
export function limitedBy(app: FastifyInstance, name: string, limit: RateLimit) {
  const counter = app.rateLimits.counter(name, limit);
  return async (reply: HeaderReply, key: string | number): Promise<void> => {
    const verdict = await counter.take(String(key));
    if (!verdict.allowed) throw tooManyRequests(reply, verdict.retryAfterSeconds);
  };
}

/**
 * A preHandler enforcing `rule` (after validation, so the address is the normalised one of the body). The client
 * is counted first, and a client over its limit is refused before its attempt counts for the address, so one
 * client cannot use up an address's attempts beyond its own allowance.
 */
export function rateLimited(app: FastifyInstance, name: string, rule: RateLimitRule) {
  const perClient = rule.perClient && limitedBy(app, `${name}:client`, rule.perClient);
  const perAddress = rule.perAddress && limitedBy(app, `${name}:address`, rule.perAddress);
  return async (request: FastifyRequest, reply: HeaderReply): Promise<void> => {
    await perClient?.(reply, clientKey(request.ip));
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (perAddress && typeof email === 'string') await perAddress(reply, email);
  };
}
