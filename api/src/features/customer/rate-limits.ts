import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitedBy, type RateLimit, rateLimited, type RateLimitRule } from '../../rate-limit/route-limits.ts';
import { mailboxKey } from './mailbox.ts';

// Kept here for the routes that limit with them; the mechanism lives in rate-limit/.
export { rateLimited, type RateLimit, type RateLimitRule } from '../../rate-limit/route-limits.ts';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Limits of the calls that anybody may make without a token (besides login, see login-throttle.ts). Per address
 * they stop mail bombing; per client they stop one machine from spraying many addresses, yet stay high enough
 * for a classroom behind one address. Figures: docs/decisions/0007-shared-rate-limits.md.
 */
export const customerRateLimits = {
  register: { perClient: { max: 60, timeWindowMs: hour }, perAddress: { max: 5, timeWindowMs: hour } },
  passwordReset: { perClient: { max: 10, timeWindowMs: hour }, perAddress: { max: 3, timeWindowMs: hour } },
  resendVerification: { perClient: { max: 10, timeWindowMs: hour }, perAddress: { max: 3, timeWindowMs: hour } },
  // Per address: one mail per inbox every 5 minutes, without a 429 (login-links.ts).
  loginLink: { perClient: { max: 10, timeWindowMs: hour } },
} satisfies Record<string, RateLimitRule>;

/**
 * Limits of a logged-in customer's changes. A new e-mail address gets a mail: per customer and per client (many
 * accounts from one machine), and per new address, which is a stranger's inbox until it confirms: many accounts
 * on many clients must not fill it with confirmation mails (3, like a reset or a resend to an address). Each
 * current-password check is a full argon2 hash, counted before it is made.
 */
export const accountRateLimits = {
  emailChange: {
    perCustomer: { max: 5, timeWindowMs: hour },
    perClient: { max: 20, timeWindowMs: hour },
    perNewAddress: { max: 3, timeWindowMs: hour },
  },
  passwordChange: { perCustomer: { max: 10, timeWindowMs: hour } },
};

/**
 * `rateLimited` for calls that mail the body's address: the per-address count is per inbox (mailbox.ts), so the
 * aliases of one address (`+tags`, Gmail's dots) share it. Same counters and order: client first, then address.
 */
export function rateLimitedPerMailbox(
  app: FastifyInstance,
  name: string,
  { perClient, perAddress }: { perClient: RateLimit; perAddress: RateLimit },
) {
  const client = rateLimited(app, name, { perClient });
  const address = limitedBy(app, `${name}:address`, perAddress);
  return async (request: FastifyRequest, reply: Pick<FastifyReply, 'header'>): Promise<void> => {
    await client(request, reply);
    await address(reply, mailboxKey((request.body as { email: string }).email));
  };
}
