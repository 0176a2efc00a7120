import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';
import { deleteExpiredCounters, RateLimiterKysely } from './kysely-store.ts';

/** At most `max` attempts per key in a fixed window of `timeWindowMs`, starting at the key's first attempt. */
export interface Limit {
  max: number;
  timeWindowMs: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One limit's counters, one per key (a client, an address, a customer). */
export interface Counter {
  /** Counts an attempt for `key`; refused, with the seconds until the window ends, once more than `max` came. */
  take(key: string): Promise<Verdict>;
  /** Forgets the key's attempts (a successful login ends a run of failures). */
  reset(key: string): Promise<void>;
  /** Attempts counted in the key's current window; 0 when it has none. */
  used(key: string): Promise<number>;
}

/**
 * Where the counters live: seen by every API process and kept across restarts (the database, or Redis with
 * REDIS_URL), never evicted to make room (docs/decisions/0007-shared-rate-limits.md).
 */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  counter(name: string, limit: Limit): Counter;
  /** Resolves once counting works (Redis: connected); rejects if Redis cannot be reached in time. */
  ready(): Promise<void>;
  /**
   * Whether every process counts on the same counters right now: always for the database; for Redis while it is
   * connected (otherwise each process counts alone, at its share of each limit: `processCount`).
   */
  shared(): boolean;
  /** Deletes the database counters whose window has ended; the number deleted (Redis expires its own keys). */
  deleteExpired(): Promise<number>;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  db: Db;
  /** REDIS_URL: count in this Redis instead of the database. */
  redisUrl?: string | null;
  /** Prefix of every Redis key; tests give each app its own. */
  redisKeyPrefix?: string;
  /** How often expired database counters are deleted (5 minutes); 0: never by itself. */
  cleanupIntervalMs?: number;
  /** Failures of the cleanup, which must not stop the process. */
  onError?: (error: unknown, what: string) => void;
  /**
   * API_PROCESSES: how many API processes share the limits. While Redis cannot be reached each process counts
   * alone, in its memory, allowing this share of each limit (at least 1), so that all of them together allow no
   * more than the limit.
   */
  processCount?: number;
  /** Told once when Redis stops answering (with the first error) and once when it answers again. */
  onRedisState?: (state: { reachable: false; error: unknown } | { reachable: true }) => void;
}

// Below Fastify's 10 s limit for a start-up hook, so that the reason is this message.
const redisReadyTimeoutMs = 8000;

function counterOf(limiter: RateLimiterAbstract): Counter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (error) {
        // The library refuses with the counter's state; anything else is a store failure.
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
  };
}

function databaseStore({
  db,
  cleanupIntervalMs = 5 * 60_000,
  onError = () => {},
}: RateLimitStoreOptions): RateLimitStore {
  const deleteExpired = () => deleteExpiredCounters(db, Date.now());
  const cleanup =
    cleanupIntervalMs > 0
      ? setInterval(
          () => void deleteExpired().catch((error: unknown) => onError(error, 'deleting expired rate-limit counters')),
          cleanupIntervalMs,
        )
      : null;
  cleanup?.unref();
  return {
    kind: 'database',
    counter: (name, limit) =>
      counterOf(new RateLimiterKysely({ db, keyPrefix: name, points: limit.max, duration: limit.timeWindowMs / 1000 })),
    ready: async () => {},
    shared: () => true,
    deleteExpired,
    close: async () => {
      if (cleanup) clearInterval(cleanup);
    },
  };
}

function redisStore(
  url: string,
  { redisKeyPrefix = 'shop:rl:', processCount = 1, onRedisState = () => {} }: RateLimitStoreOptions,
): RateLimitStore {
  // A command fails fast while the connection is down (no queue, one retry), so a request never hangs on it.
  const redis = new Redis(url, {
    keyPrefix: redisKeyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  // Each reconnection attempt fails with an error of its own: the outage is told once, and so is its end.
  let reachable = true;
  let closing = false;
  const lost = (error: unknown) => {
    if (!reachable || closing) return;
    reachable = false;
    onRedisState({ reachable: false, error });
  };
  redis.on('error', lost);
  redis.on('close', () => lost(new Error('connection closed')));
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    onRedisState({ reachable: true });
  });
  return {
    kind: 'redis',
    counter: (name, limit) => {
      const options = { keyPrefix: name, points: limit.max, duration: limit.timeWindowMs / 1000 };
      // While Redis is unreachable each process counts alone, in its memory, at its share of the limit, rather than
      // letting everything through (docs/decisions/0087-outages-and-stops.md).
      const share = Math.max(1, Math.floor(limit.max / processCount));
      return counterOf(
        new RateLimiterRedis({
          ...options,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ ...options, points: share }),
        }),
      );
    },
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
              redis.off('ready', ready);
              reject(new Error(`Redis at REDIS_URL did not answer within ${redisReadyTimeoutMs / 1000} s`));
            }, redisReadyTimeoutMs);
            const ready = () => {
              clearTimeout(timer);
              resolve();
            };
            redis.once('ready', ready);
          }),
    shared: () => redis.status === 'ready',
    deleteExpired: async () => 0,
    close: async () => {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The counters of one API process: in Redis when `redisUrl` is given, else in the database. */
export function createRateLimitStore(options: RateLimitStoreOptions): RateLimitStore {
  return options.redisUrl ? redisStore(options.redisUrl, options) : databaseStore(options);
}
