import type { RateLimitRule } from '../../rate-limit/route-limits.ts';

const hour = 60 * 60 * 1000;

/**
 * Joining sends a mail, so it is limited like the other unauthenticated calls that do: per address against mail
 * bombing, per client against one machine spraying addresses (a classroom behind one address stays below).
 * Offer and leave links are limited per client only: their tokens are unguessable.
 * A guest's join with an address that waits already, or waits for the most courses allowed, is answered like a
 * first join and mails the address's owner a notice instead (docs/decisions/0074-waitlist-join-tells-nothing-about-
 * the-address.md): at most 3 such notices an hour per inbox, like a reset or a resend, counted quietly (a further
 * join is answered alike and mails nothing, so the answer never tells whether a notice went out).
 */
export const waitlistRateLimits = {
  join: { perClient: { max: 30, timeWindowMs: hour }, perAddress: { max: 10, timeWindowMs: hour } },
  link: { perClient: { max: 60, timeWindowMs: hour } },
  notice: { perAddress: { max: 3, timeWindowMs: hour } },
} satisfies Record<string, RateLimitRule>;
