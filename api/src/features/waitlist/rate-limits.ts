import type { RateLimitRule } from '../../rate-limit/route-limits.ts';

const hour = 60 * 60 * 1000;

/**
 * Joining sends a mail, so it is limited like the other unauthenticated calls that do: per address against mail
 * bombing, per client against one machine spraying addresses (a classroom behind one address stays below).
 * Offer and leave links are limited per client only: their tokens are unguessable.
 */
export const waitlistRateLimits = {
  join: { perClient: { max: 30, timeWindowMs: hour }, perAddress: { max: 10, timeWindowMs: hour } },
  link: { perClient: { max: 60, timeWindowMs: hour } },
} satisfies Record<string, RateLimitRule>;
