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
 *
 * The per-address ceiling is what a stranger can use up: then the owner's own attempts are refused too. So an attempt
 * from a browser that has logged in to the account before (a device token, devices.ts) is judged by that browser's
 * own counter instead, as OWASP's "device cookies" do (docs/decisions/0086-no-lockout-of-the-owner.md): as many
 * attempts as a client gets per address, started afresh by each success. Attempts without one are counted as before.
 */
export const loginLimits = {
  perClient: { max: 100, timeWindowMs: 15 * minute },
  perAddressAndClient: { max: 10, timeWindowMs: hour },
  perAddress: { max: 100, timeWindowMs: 24 * hour },
  perDevice: { max: 10, timeWindowMs: hour },
};

export function loginThrottle(app: FastifyInstance) {
  const perClient = app.rateLimits.counter('login:client', loginLimits.perClient);
  const perAddressAndClient = app.rateLimits.counter('login:address-client', loginLimits.perAddressAndClient);
  const perAddress = app.rateLimits.counter('login:address', loginLimits.perAddress);
  const perDevice = app.rateLimits.counter('login:device', loginLimits.perDevice);
  const pairKey = (email: string, ip: string) => `${email} ${clientKey(ip)}`;
  return {
    /**
     * Counts a login attempt, or throws the 429 before any hashing. The checks run one after the other, and an
     * attempt refused by one is not counted by the next: a flood from one client is stopped by its own limit
     * without touching any address's counters.
     */
    async admit(reply: Pick<FastifyReply, 'header'>, email: string, ip: string, device: string | null): Promise<void> {
      if (device) {
        const verdict = await perDevice.take(device);
        if (!verdict.allowed) throw tooManyRequests(reply, verdict.retryAfterSeconds);
        return;
      }
      for (const [counter, key] of [
        [perClient, clientKey(ip)],
        [perAddressAndClient, pairKey(email, ip)],
        [perAddress, email],
      ] as const) {
        const verdict = await counter.take(key);
        if (!verdict.allowed) throw tooManyRequests(reply, verdict.retryAfterSeconds);
      }
    },
    /** The right password from this client (and browser): its run of failed attempts ends. */
    async succeeded(email: string, ip: string, device: string | null): Promise<void> {
      await perAddressAndClient.reset(pairKey(email, ip));
      if (device) await perDevice.reset(device);
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
