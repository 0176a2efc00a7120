import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientKey } from '../../rate-limit/client-key.ts';
import { tooManyRequests } from '../../rate-limit/route-limits.ts';

const minute = 60_000;

/**
 * Staff login throttling, in the shop's rate-limit store (database or Redis, shared by every API process): no
 * lock an attacker could set on the owner, but waits that grow with the failures.
 * - per client (any account): 30 attempts in 15 minutes;
 * - per account and client: 5 attempts a minute, then 20 an hour: a wait of a minute after a few typos, of up to
 *   an hour after a run of guesses; a success clears both;
 * - per account, from clients that never logged in to it: 30 attempts in 15 minutes, for a guesser with many
 *   addresses. A client that logged in to the account before (the last 90 days) is not held by it, so strangers
 *   cannot shut the owner out, and everybody else waits at most 15 minutes.
 * Every attempt is counted before the password is hashed.
 */
export const staffLoginLimits = {
  perClient: { max: 30, timeWindowMs: 15 * minute },
  perAccountAndClientShort: { max: 5, timeWindowMs: minute },
  perAccountAndClientLong: { max: 20, timeWindowMs: 60 * minute },
  perAccountFromNewClients: { max: 30, timeWindowMs: 15 * minute },
  knownClient: { max: 1_000_000, timeWindowMs: 90 * 24 * 60 * minute },
};

export function staffLoginThrottle(app: FastifyInstance) {
  const counter = (name: keyof typeof staffLoginLimits) =>
    app.rateLimits.counter(`staff-login:${name}`, staffLoginLimits[name]);
  const perClient = counter('perClient');
  const short = counter('perAccountAndClientShort');
  const long = counter('perAccountAndClientLong');
  const perAccount = counter('perAccountFromNewClients');
  const known = counter('knownClient');
  const pair = (email: string, ip: string) => `${email} ${clientKey(ip)}`;
  return {
    /** Counts an attempt, or throws the 429 (with Retry-After) before any hashing. */
    async admit(reply: Pick<FastifyReply, 'header'>, email: string, ip: string): Promise<void> {
      const checks: [typeof perClient, string][] = [
        [perClient, clientKey(ip)],
        [short, pair(email, ip)],
        [long, pair(email, ip)],
      ];
      if ((await known.used(pair(email, ip))) === 0) checks.push([perAccount, email]);
      for (const [limit, key] of checks) {
        const verdict = await limit.take(key);
        if (!verdict.allowed) throw tooManyRequests(reply, verdict.retryAfterSeconds);
      }
    },
    /** The right password (and code) from this client: its failures end, and the client is known to the account. */
    async succeeded(email: string, ip: string): Promise<void> {
      await short.reset(pair(email, ip));
      await long.reset(pair(email, ip));
      await known.take(pair(email, ip));
    },
  };
}
