import { CustomerErrorCode } from '@shop/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** A limit per client (IP address) and one per e-mail address, both fixed windows. */
export interface RateLimitRule {
  perClient: RateLimit;
  perAddress: RateLimit;
}

const minute = 60_000;
const hour = 60 * minute;

/**
 * Limits of the calls that anybody may make without a token (issue 4). Per address they stop guessing one
 * account's password and mail bombing; per client they stop one machine from spraying many addresses, yet
 * stay high enough for a classroom behind one address.
 */
export const customerRateLimits = {
  login: { perClient: { max: 20, timeWindowMs: minute }, perAddress: { max: 10, timeWindowMs: 15 * minute } },
  register: { perClient: { max: 30, timeWindowMs: hour }, perAddress: { max: 5, timeWindowMs: hour } },
  passwordReset: { perClient: { max: 10, timeWindowMs: hour }, perAddress: { max: 3, timeWindowMs: hour } },
  resendVerification: { perClient: { max: 10, timeWindowMs: hour }, perAddress: { max: 3, timeWindowMs: hour } },
} satisfies Record<string, RateLimitRule>;

/**
 * A preHandler enforcing `rule` (after validation, so the address is the normalised one of the body). Needs
 * @fastify/rate-limit registered in the scope. Both limits count every attempt; the first one exceeded
 * answers 429 TOO_MANY_REQUESTS with Retry-After (seconds until the longer of the exceeded windows ends).
 */
export function rateLimited(app: FastifyInstance, name: string, rule: RateLimitRule) {
  const perClient = app.createRateLimit({
    max: rule.perClient.max,
    timeWindow: rule.perClient.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:client:${request.ip}`,
  });
  const perAddress = app.createRateLimit({
    max: rule.perAddress.max,
    timeWindow: rule.perAddress.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:address:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });
  return async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
    const waits: number[] = [];
    for (const result of [await perClient(request), await perAddress(request)]) {
      if (!result.isAllowed && result.isExceeded) waits.push(result.ttlInSeconds);
    }
    if (waits.length === 0) return;
    const retryAfter = Math.max(1, ...waits);
    reply.header('retry-after', retryAfter);
    throw new AppError(429, CustomerErrorCode.tooManyRequests, `Too many attempts; retry in ${retryAfter} seconds`);
  };
}
