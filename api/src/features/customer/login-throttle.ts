import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientKey } from '../../rate-limit/client-key.ts';
import { tooManyRequests } from '../../rate-limit/route-limits.ts';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Login throttling after OWASP's authentication cheat sheet (docs/decisions/0007-shared-rate-limits.md): no
 * lock per address alone, which a stranger could trigger, but
 * - per address and client: the attempts since the last successful login from there (the owner's typos, or a
 *   guesser's tries); a success starts it afresh, and a stranger's failures never count for the owner's client;
 * - per address: a ceiling on the attempts of all clients together, many times looser, for a guesser with many
 *   clients;
 * - per client: all attempts, over any addresses (spraying one password over many accounts; hashing cost),
 *   high enough for a classroom behind one address.
 * Every attempt is counted before the password is hashed, so parallel requests cannot slip past a limit.
 */
export const loginLimits = {
  perClient: { max: 100, timeWindowMs: 15 * minute },
  perAddressAndClient: { max: 10, timeWindowMs: hour },
  perAddress: { max: 100, timeWindowMs: 24 * hour },
};

export function loginThrottle(app: FastifyInstance) {
  const perClient = app.rateLimits.counter('login:client', loginLimits.perClient);
  const perAddressAndClient = app.rateLimits.counter('login:address-client', loginLimits.perAddressAndClient);
  const perAddress = app.rateLimits.counter('login:address', loginLimits.perAddress);
  const pairKey = (email: string, ip: string) => `${email} ${clientKey(ip)}`;
  return {
    /**
     * Counts a login attempt, or throws the 429 before any hashing. The checks run one after the other, and an
     * attempt refused by one is not counted by the next: a flood from one client is stopped by its own limit
     * without touching any address's counters.
     */
    async admit(reply: Pick<FastifyReply, 'header'>, email: string, ip: string): Promise<void> {
      for (const [counter, key] of [
        [perClient, clientKey(ip)],
        [perAddressAndClient, pairKey(email, ip)],
        [perAddress, email],
      ] as const) {
        const verdict = await counter.take(key);
        if (!verdict.allowed) throw tooManyRequests(reply, verdict.retryAfterSeconds);
      }
    },
    /** The right password from this client: its run of failed attempts ends. */
    async succeeded(email: string, ip: string): Promise<void> {
      await perAddressAndClient.reset(pairKey(email, ip));
    },
    /**
     * The password was replaced by its owner (a reset proves the inbox): every guess counted so far was at the
     * old one, so the address's ceiling starts afresh, and so does the count of the client that replaced it.
     * Otherwise strangers on ten clients lock the owner out for a day with no way back in. Other clients' runs
     * stay as they are.
     */
    async passwordReplaced(email: string, ip: string): Promise<void> {
      await perAddress.reset(email);
      await perAddressAndClient.reset(pairKey(email, ip));
    },
    /** Attempts at `email` from `ip` since its last success (tests). */
    attemptsSinceSuccess: (email: string, ip: string) => perAddressAndClient.used(pairKey(email, ip)),
  };
}
