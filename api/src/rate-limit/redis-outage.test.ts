import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loginLimits } from '../features/customer/login-throttle.ts';
import { cheapHashing } from '../features/customer/test-support.ts';
import { startTemporaryRedis, type TemporaryRedis } from '../test/temporary-redis.ts';

/**
 * Redis at REDIS_URL goes away and comes back (docs/decisions/0087-outages-and-stops.md). Two apps stand for two API
 * processes (API_PROCESSES=2) on one Redis. The Redis is this test's own, with its append-only file on as a production
 * Redis that keeps counters would run, and not the suite's shared test server: stopping that would fail the other
 * files' Redis tests running beside this one.
 */

let redis: TemporaryRedis | null = null;
let notStarted = '';
const outcome = await startTemporaryRedis({ persistent: true });
if ('started' in outcome) redis = outcome.started;
else notStarted = outcome.notStarted;

const processes = 2;

/** An app that logs into `lines` (JSON, one per line). */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe.skipIf(!redis)(`Redis stops and comes back${notStarted ? ` [${notStarted}]` : ''}`, () => {
  const prefix = `test:${randomUUID()}:`;
  let db: Db;
  const apps: { app: App; lines: Record<string, unknown>[] }[] = [];

  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    for (let i = 0; i < processes; i++) {
      const { lines, stream } = logCapture();
      const app = buildApp({
        db,
        redisUrl: redis!.url,
        redisKeyPrefix: prefix,
        apiProcesses: processes,
        passwordHashing: cheapHashing,
        logger: { level: 'info', stream },
      });
      await app.ready();
      apps.push({ app, lines });
    }
  });

  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await db?.close();
    redis?.stop();
  });

  const ready = async (app: App) => {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, result: response.json().result };
  };
  const login = (app: App, ip: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/customer/login',
      remoteAddress: ip,
      payload: { email, password: 'wrong password 1', remember: false },
    });
  const warnings = (lines: Record<string, unknown>[]) =>
    lines.filter((line) => line.level === 40 && String(line.msg).includes('Redis'));

  it('says so, warns once, keeps every limit at its share per process, and keeps its counters over the restart', async () => {
    const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
    expect(await ready(first.app)).toEqual({
      status: 200,
      result: {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', configuration: 'ok', rateLimits: 'shared' },
      },
    });
    // Counted in Redis before the outage: three failed logins at one address from one client.
    const before = { ip: '10.7.0.1', email: `before.${randomUUID()}@example.org` };
    for (let i = 0; i < 3; i++) expect((await login(first.app, before.ip, before.email)).statusCode).toBe(401);

    await redis!.pause();
    for (const { app } of apps)
      await vi.waitFor(() => expect(app.rateLimits.shared()).toBe(false), { timeout: 10_000 });
    // Whatever the outage lasts (ioredis tries to reconnect every few hundred milliseconds, failing each time), one
    // warning per process: a second here is several failed attempts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (let i = 0; i < 3; i++) await first.app.inject({ method: 'GET', url: '/api/ready' });
    expect(await ready(first.app)).toEqual({
      status: 200,
      result: {
        status: 'degraded',
        checks: { database: 'ok', migrations: 'ok', configuration: 'ok', rateLimits: 'per-process' },
      },
    });

    // The limit of ten failures per address and client is five per process now: ten in all, not twenty.
    const share = loginLimits.perAddressAndClient.max / processes;
    const during = { ip: '10.7.0.2', email: `during.${randomUUID()}@example.org` };
    const statuses: number[] = [];
    for (const { app } of apps)
      for (let i = 0; i < share + 1; i++) statuses.push((await login(app, during.ip, during.email)).statusCode);
    expect(statuses).toEqual([...Array(share).fill(401), 429, ...Array(share).fill(401), 429]);
    for (const { lines } of apps) expect(warnings(lines)).toHaveLength(1);

    await redis!.resume();
    for (const { app } of apps) await vi.waitFor(() => expect(app.rateLimits.shared()).toBe(true), { timeout: 10_000 });
    expect((await ready(second.app)).result.status).toBe('ready');
    for (const { lines } of apps) {
      expect(warnings(lines)).toHaveLength(1);
      expect(lines.filter((line) => String(line.msg).includes('Redis (REDIS_URL) answers again'))).toHaveLength(1);
    }
    // The three attempts counted before the restart are still there, in Redis, for both processes.
    const counter = second.app.rateLimits.counter('login:address-client', loginLimits.perAddressAndClient);
    expect(await counter.used(`${before.email} ${before.ip}`)).toBe(3);
  }, 60_000);
});
