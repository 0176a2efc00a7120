/**
 * Child process of the API benchmark: the shop API on a fresh SQLite file (or BENCH_DATABASE_FILE; or, with
 * BENCH_DATABASE_URL, on that PostgreSQL database) with the demo data and a generated catalogue of BENCH_COURSES courses, listening
 * on a free loopback port, which it prints as `{"port":…}`.
 * A process of its own, so the load generator does not share its event loop.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/db/seed/index.ts';
import { createRateLimitStore, type RateLimitStore } from '../../src/rate-limit/store.ts';
import { isoDateInZone } from '../../src/lib/dates.ts';
import { generateCourses } from './generate-catalog.ts';

const postgresUrl = process.env.BENCH_DATABASE_URL;
const db = createDatabase(
  postgresUrl
    ? { dialect: 'postgres', url: postgresUrl }
    : {
        dialect: 'sqlite',
        // BENCH_DATABASE_FILE: a file another process of the benchmark also writes (the catalogue import's).
        file: process.env.BENCH_DATABASE_FILE ?? join(mkdtempSync(join(tmpdir(), 'shop-bench-')), 'shop.sqlite'),
      },
);
await migrateToLatest(db);
await seed(db);
const courses = Number(process.env.BENCH_COURSES ?? 0);
if (courses > 0) await generateCourses(db, courses, isoDateInZone(new Date()));
// The submit benchmark books places on every request: BENCH_PLACES gives every course that many, so none runs out.
const places = Number(process.env.BENCH_PLACES ?? 0);
if (places > 0) await db.kysely.updateTable('course').set({ free_places: places, max_participants: places }).execute();
// As main.ts runs it: course-search answers are cached for 5 s (BENCH_CACHE_MS=0 measures without).
/**
 * The load comes from one client with one address (the submit benchmark orders thousands of times): every limit
 * is counted as in production, so its cost is in the figures, but none refuses.
 */
function countingOnly(store: RateLimitStore): RateLimitStore {
  return {
    ...store,
    counter: (name, limit) => {
      const counter = store.counter(name, limit);
      const take = async (key: string) => {
        await counter.take(key);
        return { allowed: true as const };
      };
      return { ...counter, take };
    },
  };
}
const app = buildApp({
  db,
  catalogCacheMs: Number(process.env.BENCH_CACHE_MS ?? 5000),
  rateLimitStore: countingOnly(createRateLimitStore({ db })),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
