import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../test/databases.ts';
import { freePort } from '../test/temporary-postgres.ts';
import { createRateLimitStore, type RateLimitStore } from './store.ts';

const minute = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every store must do, whichever holds the counters. `open` gives a store on the same counters each time. */
function behavesAsACounterStore(open: () => RateLimitStore) {
  let store: RateLimitStore;
  const opened: RateLimitStore[] = [];
  const fresh = () => {
    const next = open();
    opened.push(next);
    return next;
  };
  beforeAll(async () => {
    store = fresh();
    await store.ready();
  });
  afterAll(async () => {
    for (const each of opened) await each.close();
  });
  const unique = () => randomUUID();

  it('allows max attempts per key in the window, then refuses with the wait until the window ends', async () => {
    const counter = store.counter('test-basic', { max: 3, timeWindowMs: 10 * minute });
    const key = unique();
    for (let i = 0; i < 3; i++) expect(await counter.take(key)).toEqual({ allowed: true });
    const refused = await counter.take(key);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(590);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    expect(await counter.used(key)).toBe(4);
    // Another key, and the same key under another limit's name, count apart.
    expect(await counter.take(unique())).toEqual({ allowed: true });
    expect(await store.counter('test-other', { max: 3, timeWindowMs: 10 * minute }).take(key)).toEqual({
      allowed: true,
    });
  });

  it('counts parallel attempts exactly: 40 at once against a limit of 10 let 10 through', async () => {
    const counter = store.counter('test-parallel', { max: 10, timeWindowMs: 10 * minute });
    const key = unique();
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => counter.take(key)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
  });

  it('starts afresh once the window has ended', async () => {
    const counter = store.counter('test-window', { max: 1, timeWindowMs: 1000 });
    const key = unique();
    expect((await counter.take(key)).allowed).toBe(true);
    expect((await counter.take(key)).allowed).toBe(false);
    await sleep(1100);
    expect(await counter.used(key)).toBe(0);
    expect((await counter.take(key)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const counter = store.counter('test-reset', { max: 2, timeWindowMs: 10 * minute });
    const key = unique();
    for (let i = 0; i < 3; i++) await counter.take(key);
    await counter.reset(key);
    expect(await counter.used(key)).toBe(0);
    expect((await counter.take(key)).allowed).toBe(true);
  });

  it('is seen by another store on the same counters (a second process, or the same one restarted)', async () => {
    const limit = { max: 4, timeWindowMs: 10 * minute };
    const key = unique();
    const other = fresh();
    await other.ready();
    expect((await store.counter('test-shared', limit).take(key)).allowed).toBe(true);
    expect((await other.counter('test-shared', limit).take(key)).allowed).toBe(true);
    expect(await store.counter('test-shared', limit).used(key)).toBe(2);
    await other.close();
    const restarted = fresh();
    await restarted.ready();
    for (let i = 0; i < 2; i++) expect((await restarted.counter('test-shared', limit).take(key)).allowed).toBe(true);
    expect((await restarted.counter('test-shared', limit).take(key)).allowed).toBe(false);
  });
}

describeEachDatabase(
  'rate-limit counters in the database',
  (ctx: TestContext) => {
    behavesAsACounterStore(() => createRateLimitStore({ db: ctx.db, cleanupIntervalMs: 0 }));

    it('counts an attempt with one statement, an upsert', async () => {
      const store = createRateLimitStore({ db: ctx.db, cleanupIntervalMs: 0 });
      const counter = store.counter('test-statements', { max: 5, timeWindowMs: minute });
      ctx.queries.length = 0;
      await counter.take('one');
      await counter.take('one');
      expect(ctx.queries).toHaveLength(2);
      expect(ctx.queries[0]).toMatch(/^insert into "rate_limit" .* on conflict \("key"\) do update set .* returning/);
      await store.close();
    });

    it('deletes counters whose window has ended, and only those, also by itself', async () => {
      const store = createRateLimitStore({ db: ctx.db, cleanupIntervalMs: 0 });
      const short = store.counter('test-cleanup-short', { max: 5, timeWindowMs: 500 });
      const long = store.counter('test-cleanup-long', { max: 5, timeWindowMs: 10 * minute });
      await Promise.all([short.take('a'), short.take('b'), long.take('a')]);
      const rows = () =>
        ctx.db.kysely
          .selectFrom('rate_limit')
          .select('key')
          .where('key', 'like', 'test-cleanup-%')
          .orderBy('key')
          .execute();
      expect(await rows()).toHaveLength(3);
      await sleep(600);
      expect(await store.deleteExpired()).toBeGreaterThanOrEqual(2);
      expect(await rows()).toEqual([{ key: 'test-cleanup-long:a' }]);
      await store.close();

      // The store a process runs deletes them on its own, every cleanupIntervalMs.
      const sweeping = createRateLimitStore({ db: ctx.db, cleanupIntervalMs: 200 });
      await sweeping.counter('test-cleanup-short', { max: 5, timeWindowMs: 100 }).take('c');
      await sleep(700);
      expect(await rows()).toEqual([{ key: 'test-cleanup-long:a' }]);
      await sweeping.close();
    });
  },
  { seed: false },
);

const redisUrl = inject('redisUrl');
describe.skipIf(!redisUrl)(`rate-limit counters in Redis${redisUrl ? '' : ' [Redis: NOT AVAILABLE, skipped]'}`, () => {
  const prefix = `test:${randomUUID()}:`;
  behavesAsACounterStore(() => createRateLimitStore({ db: null as never, redisUrl, redisKeyPrefix: prefix }));

  it('expires its keys in Redis itself', async () => {
    const { Redis } = await import('ioredis');
    const store = createRateLimitStore({ db: null as never, redisUrl, redisKeyPrefix: prefix });
    await store.ready();
    await store.counter('test-ttl', { max: 5, timeWindowMs: 10 * minute }).take('k');
    const redis = new Redis(redisUrl!);
    try {
      const ttl = await redis.pttl(`${prefix}test-ttl:k`);
      expect(ttl).toBeGreaterThan(9 * minute);
      expect(ttl).toBeLessThanOrEqual(10 * minute);
    } finally {
      redis.disconnect();
      await store.close();
    }
  });

  it('counts in each process memory while Redis cannot be reached, rather than letting everything through', async () => {
    const store = createRateLimitStore({
      db: null as never,
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      onError: () => {},
    });
    try {
      const counter = store.counter('test-down', { max: 2, timeWindowMs: minute });
      expect((await counter.take('k')).allowed).toBe(true);
      expect((await counter.take('k')).allowed).toBe(true);
      expect((await counter.take('k')).allowed).toBe(false);
    } finally {
      await store.close();
    }
  });
});
