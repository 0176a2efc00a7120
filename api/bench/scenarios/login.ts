/**
 * Login cost and login throttling (figures for the notes). Starts the API on loopback with the production
 * settings (OWASP argon2id, production limits counted in the database), on a throw-away SQLite database, then:
 * 1. login latency p50/p99 over HTTP: sequential correct logins spread over several accounts and client
 *    addresses (X-Forwarded-For, trusted here) so that no limit interferes;
 * 2. what one rate-limit check costs (one upsert in the database);
 * 3. how many login attempts one client gets before 429, how many one address gets from one client, and how
 *    many it gets from any number of clients, by sending attempts until the first 429.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { owaspArgon2id } from '../../src/features/customer/passwords.ts';
import { loginLimits } from '../../src/features/customer/login-throttle.ts';

const samples = 100;
const accounts = 12;
const password = 'Bench#Pass1';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-login-'));
  const db = createDatabase({ dialect: 'sqlite', file: join(dir, 'bench.sqlite') });
  await migrateToLatest(db);
  const app = buildApp({ db, trustProxy: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  let clientNumber = 0;
  const post = (path: string, body: unknown, client = `198.51.100.${(clientNumber++ % 250) + 1}`) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });

  try {
    const emails = Array.from({ length: accounts }, (_, i) => `bench.${i}@example.org`);
    for (const email of emails) {
      const response = await post('/customer/register', {
        firstname: 'Bench',
        lastname: 'Mark',
        email,
        password,
        locale: 'de',
      });
      if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
    }

    // Warm-up (JIT, connection), not counted.
    await post('/customer/login', { email: emails[0], password: 'Wrong#Pass1' });
    const durations: number[] = [];
    for (let i = 0; i < samples; i++) {
      const email = emails[i % accounts]!;
      const started = performance.now();
      const response = await post('/customer/login', { email, password });
      durations.push(performance.now() - started);
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
    durations.sort((a, b) => a - b);
    const p50 = percentile(durations, 50);
    console.log(
      `argon2id m=${owaspArgon2id.memoryCost} KiB, t=${owaspArgon2id.timeCost}, p=${owaspArgon2id.parallelism}; ${samples} sequential logins over HTTP on loopback`,
    );
    console.log(
      `login latency: p50 ${ms(p50)}, p99 ${ms(percentile(durations, 99))}, min ${ms(durations[0]!)}, max ${ms(durations.at(-1)!)}`,
    );
    console.log(
      `without limits one client could try about ${Math.floor(60_000 / p50)} passwords per minute, sequentially`,
    );

    // What one limit check adds (a login makes three before hashing, and one reset after a success).
    const counter = app.rateLimits.counter('bench', { max: 1_000_000, timeWindowMs: 60_000 });
    const checks: number[] = [];
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      await counter.take(`key-${i % 50}`);
      checks.push(performance.now() - started);
    }
    checks.sort((a, b) => a - b);
    console.log(
      `one rate-limit check (${app.rateLimits.kind}, one upsert): p50 ${percentile(checks, 50).toFixed(2)} ms, p99 ${percentile(checks, 99).toFixed(2)} ms`,
    );

    const minutes = (limit: { timeWindowMs: number }) => `${limit.timeWindowMs / 60_000} min`;
    /** Sends attempts until the first 429 and prints how many got through. */
    const untilRefused = async (
      label: string,
      configured: { max: number; timeWindowMs: number },
      attempt: (i: number) => Promise<Response>,
    ) => {
      for (let i = 0; i < 1000; i++) {
        const response = await attempt(i);
        if (response.status === 429) {
          console.log(
            `${label}: ${i} attempts, then 429 (Retry-After ${response.headers.get('retry-after')} s) [configured: ${configured.max} per ${minutes(configured)}]`,
          );
          return;
        }
      }
      console.log(`${label}: no 429 in 1000 attempts`);
    };
    // One client, a new (unknown) address per attempt: the per-client limit binds.
    await untilRefused('one client, any addresses', loginLimits.perClient, (i) =>
      post('/customer/login', { email: `nobody.${i}@example.org`, password: 'Wrong#Pass1' }, '203.0.113.7'),
    );
    // One address from one client: the failures since the last success bind (the owner elsewhere is not affected).
    await untilRefused('one address from one client', loginLimits.perAddressAndClient, () =>
      post('/customer/login', { email: 'target@example.org', password: 'Wrong#Pass1' }, '203.0.113.8'),
    );
    // One address, a new client per attempt: the per-address ceiling binds.
    await untilRefused('one address from any number of clients', loginLimits.perAddress, (i) =>
      post('/customer/login', { email: 'target2@example.org', password: 'Wrong#Pass1' }, `192.0.2.${(i % 250) + 1}`),
    );
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default { name: 'login: argon2id cost and rate limits', run };
