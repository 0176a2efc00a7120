import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { cartSyncRateLimit } from '../features/cart/rate-limits.ts';
import { packageLine } from '../features/cart/test-support.ts';
import { courseOrder } from '../features/order/test-support.ts';
import { startApi, type ApiProcess } from '../test/api-process.ts';
import { createPostgresDatabase } from '../test/databases.ts';

/**
 * Two real API processes (src/main.ts, as `npm start` runs it) on one PostgreSQL database: the rate limits hold
 * for the pair and survive a restart, in the database and with REDIS_URL in Redis; oversell protection holds
 * across the processes. Requests alternate between the two, many in flight at once.
 */
const adminUrl = inject('pgAdminUrl');
const redisUrl = inject('redisUrl');

const items = [packageLine];

const post = (api: ApiProcess, path: string, body: unknown) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** `count` requests, alternating between the processes, `inFlight` at a time; the statuses in order. */
async function alternate(
  apis: ApiProcess[],
  count: number,
  send: (api: ApiProcess, i: number) => Promise<Response>,
  inFlight = 10,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += inFlight) {
    const batch = Array.from({ length: Math.min(inFlight, count - start) }, (_, j) =>
      send(apis[(start + j) % apis.length]!, start + j),
    );
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status);
      await response.arrayBuffer();
    }
  }
  return statuses;
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Starts two processes; on an empty database one after the other, as each migrates and seeds it at start. */
async function startPair(env: Record<string, string>, { fresh = false } = {}): Promise<ApiProcess[]> {
  if (!fresh) return Promise.all([startApi(env), startApi(env)]);
  const first = await startApi(env);
  return [first, await startApi(env)];
}

/** The pair's cart-sync limit per client: every request comes from 127.0.0.1, so both processes count one client. */
async function expectSyncLimitHeldByPair(apis: ApiProcess[]) {
  const { max } = cartSyncRateLimit.perClient;
  const statuses = await alternate(apis, max + 20, (api) => post(api, '/api/cart/sync', { items }));
  expect(countOf(statuses, 200)).toBe(max);
  expect(countOf(statuses, 429)).toBe(20);
}

async function expectSyncRefusedByBoth(apis: ApiProcess[]) {
  for (const api of apis) {
    const response = await post(api, '/api/cart/sync', { items });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_REQUESTS');
  }
}

describe.skipIf(!adminUrl)(
  `two API processes on one PostgreSQL${adminUrl ? '' : ' [postgres: NOT AVAILABLE, skipped]'}`,
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let db: Db;
    let apis: ApiProcess[] = [];
    const stopAll = async () => {
      await Promise.all(apis.map((api) => api.stop()));
      apis = [];
    };

    beforeAll(async () => {
      database = await createPostgresDatabase(adminUrl!, 'shop_pair');
      db = createDatabase({ dialect: 'postgres', url: database.url });
    });
    afterAll(async () => {
      await stopAll();
      await db?.close();
      await database?.drop();
    });

    it(
      'a limit of N lets N requests through for the pair, and a restart keeps the counters',
      { timeout: 180_000 },
      async () => {
        apis = await startPair({ DATABASE_URL: database.url }, { fresh: true });
        await expectSyncLimitHeldByPair(apis);
        await stopAll();
        apis = await startPair({ DATABASE_URL: database.url });
        await expectSyncRefusedByBoth(apis);
      },
    );

    it(
      'parallel submits for the last places, spread over both processes, never oversell',
      { timeout: 60_000 },
      async () => {
        const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
        const course = await db.kysely
          .selectFrom('course')
          .select(['id', 'price_cents', 'discounted_price_cents'])
          .where('type', '=', 1)
          .where('registration_deadline', '>=', today)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await db.kysely.updateTable('course').set({ free_places: 5 }).where('id', '=', course.id).execute();
        const statuses = await alternate(
          apis,
          40,
          (api, i) =>
            post(
              api,
              '/api/cart/submit',
              courseOrder(
                { id: course.id, type: 1, priceCents: course.discounted_price_cents ?? course.price_cents },
                1,
                // Real clock: the seeded courses start inside the withdrawal period.
                { emailAddress: `pair${i}@example.org`, earlyStartRequested: true },
              ),
            ),
          40,
        );
        expect(countOf(statuses, 200)).toBe(5);
        expect(countOf(statuses, 409)).toBe(35);
        const { free_places } = await db.kysely
          .selectFrom('course')
          .select('free_places')
          .where('id', '=', course.id)
          .executeTakeFirstOrThrow();
        expect(free_places).toBe(0);
        const booked = await db.kysely
          .selectFrom('course_booking')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), eb.val(0)).as('places'))
          .where('course_id', '=', course.id)
          .executeTakeFirstOrThrow();
        expect(Number(booked.places)).toBe(5);
      },
    );

    // The hold sweep across both processes goes here (it uses `apis`, `db` and `database` like the tests above).

    it.skipIf(!redisUrl)(
      `with REDIS_URL the pair counts in Redis, and a restart keeps the counters${redisUrl ? '' : ' [Redis: NOT AVAILABLE, skipped]'}`,
      { timeout: 180_000 },
      async () => {
        const { Redis } = await import('ioredis');
        const redis = new Redis(redisUrl!);
        try {
          // A clean slate for the app's default key prefix on a server that may be reused.
          const stale = await redis.keys('shop:rl:*');
          if (stale.length > 0) await redis.del(...stale);
          await stopAll();
          const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl! };
          apis = await startPair(env);
          // The database's counter for this client is used up by the first test: only Redis can let these through.
          await expectSyncLimitHeldByPair(apis);
          expect(await redis.keys('shop:rl:cart-sync:client:*')).toHaveLength(1);
          await stopAll();
          apis = await startPair(env);
          await expectSyncRefusedByBoth(apis);
        } finally {
          redis.disconnect();
        }
      },
    );
  },
);
