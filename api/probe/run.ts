/**
 * `npm run probe`: the hostile-input fuzz of fuzz.test.ts, sent over the network to real
 * API processes (`tsx src/main.ts` on a free loopback port, as production runs it, rate limits and all) on a
 * throw-away SQLite file and on a throw-away PostgreSQL cluster, plus raw-socket requests that no HTTP client
 * would send. Prints per database the requests sent, 5xx answers, answers without the error envelope and state
 * changes caused by rejected requests, which must all be 0 (the exit code says whether they were).
 * PROBE_SEED (or PROBE_SEEDS, several separated by commas, each run on fresh databases) and PROBE_RANDOM (random
 * swaps per route) vary the requests; `npm run test:probe` at the root runs two seeds, as `npm test` does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { apiRoot } from '../src/config.ts';
import { createDatabase, type Db } from '../src/db/database.ts';
import { startTemporaryPostgres } from '../src/test/temporary-postgres.ts';
import { collectRoutes, reachableWithoutStaff, type RouteEntry } from '../src/test/routes.ts';
import { loadExamples, probeAccount } from './examples.ts';
import { fingerprinter } from './fingerprint.ts';
import { rawRequest } from './raw-socket.ts';
import {
  hostileRequestsForAll,
  rawSocketRequests,
  runHostileRequests,
  type ProbeAnswer,
  type ProbeFigures,
  type ProbeRequest,
} from './fuzz.ts';

/** PROBE_SEEDS (comma-separated) runs the probe once per seed, each on fresh databases; else PROBE_SEED alone. */
const seeds = (process.env.PROBE_SEEDS ?? process.env.PROBE_SEED ?? '20260115')
  .split(',')
  .map((text) => text.trim())
  .filter(Boolean)
  .map(Number);
if (seeds.length === 0 || seeds.some((seed) => !Number.isInteger(seed)))
  throw new Error(`PROBE_SEEDS must be whole numbers separated by commas, got "${process.env.PROBE_SEEDS}"`);
const randomCount = Number(process.env.PROBE_RANDOM ?? 100);

/** The routes as the API registers them, read from an app that never listens. */
async function routesOfTheApi(): Promise<RouteEntry[]> {
  const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
  const app = buildApp({ db });
  const routes = collectRoutes(app);
  await app.ready();
  await app.close();
  await db.close();
  return reachableWithoutStaff(routes);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface RunningApi {
  port: number;
  stop(): Promise<void>;
}

/** `tsx src/main.ts` in development mode (dev outbox, sandbox payments) on `database`; waits for /api/health. */
async function startApi(database: Record<string, string>): Promise<RunningApi> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    ...database,
  };
  for (const name of [
    'SMTP_URL',
    'REDIS_URL',
    'PAYMENT_PROVIDER',
    'TRUST_PROXY',
    ...(database.DATABASE_URL ? ['DATABASE_FILE'] : ['DATABASE_URL']),
  ])
    delete env[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode} before answering`);
    const healthy = await request(port, {
      method: 'GET',
      url: '/api/health',
      headers: {},
      token: 'none',
      label: 'health',
    }).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the API process did not answer /api/health within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over HTTP, the path exactly as given (no URL normalisation on the way). */
function request(port: number, probe: ProbeRequest, token?: string): Promise<ProbeAnswer> {
  if (probe.raw !== undefined) return rawRequest(port, probe.raw);
  const authorization =
    probe.token === 'live' ? `Bearer ${token}` : probe.token === 'junk' ? 'Bearer junk-token' : undefined;
  const headers = { ...(authorization ? { authorization } : {}), ...probe.headers };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: probe.method, path: probe.url, headers, agent },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(probe.body);
  });
}

/** The probe customer (registered, confirmed through the dev outbox, logged in) and the session's token. */
async function probeCustomerToken(port: number): Promise<string> {
  const post = (url: string, body: unknown) =>
    request(port, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      token: 'none',
      label: 'setup',
    });
  const { email, password } = probeAccount;
  await post('/api/customer/register', { firstname: 'Probe', lastname: 'Kundin', email, password, locale: 'de' });
  for (let attempt = 0; attempt < 100; attempt++) {
    const mailbox = await request(port, {
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
      headers: {},
      token: 'none',
      label: 'setup',
    });
    const link = /https?:\/\/\S+verify-email\?\S+/.exec(mailbox.body.replaceAll('\\n', '\n'))?.[0];
    if (link) {
      const url = new URL(link.replace(/["\\].*$/, ''));
      await post('/api/customer/verify-email', { token: url.searchParams.get('token'), email });
      const login = await post('/api/customer/login', { email, password, remember: true });
      return (JSON.parse(login.body) as { result: { token: string } }).result.token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no verification mail for the probe customer');
}

async function probe(
  label: string,
  database: Record<string, string>,
  stateDb: () => Db,
  routes: RouteEntry[],
  seed: number,
): Promise<ProbeFigures> {
  const api = await startApi(database);
  const db = stateDb();
  try {
    const token = await probeCustomerToken(api.port);
    const examples = await loadExamples(async (method, url, body) => {
      const answer = await request(api.port, {
        method,
        url,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        token: 'none',
        label: 'setup',
      });
      if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
      return (JSON.parse(answer.body) as { result: unknown }).result;
    });
    const requests = [...hostileRequestsForAll(routes, examples, { seed, randomCount }), ...rawSocketRequests()];
    console.log(
      `\n=== ${label}: tsx src/main.ts on 127.0.0.1:${api.port}, ${requests.length} hostile requests (seed ${seed})`,
    );
    const started = performance.now();
    const figures = await runHostileRequests(
      { send: (probeRequest) => request(api.port, probeRequest, token), fingerprint: await fingerprinter(db) },
      requests,
    );
    print(figures, (performance.now() - started) / 1000);
    return figures;
  } finally {
    await api.stop();
    await db.close();
  }
}

function print(figures: ProbeFigures, seconds: number): void {
  console.log(`requests sent:                              ${figures.requests}`);
  console.log(`5xx answers:                                ${figures.serverErrors}`);
  console.log(`answers without the envelope:               ${figures.withoutEnvelope}`);
  console.log(`state changes caused by rejected requests:  ${figures.stateChanges}`);
  const statuses = [...figures.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(`(answers by status: ${statuses.join(', ')}; ${seconds.toFixed(1)} s)`);
  for (const problem of figures.problems) console.log(`  PROBLEM ${problem}`);
}

const routes = await routesOfTheApi();
const results: ProbeFigures[] = [];

const postgres = await startTemporaryPostgres({ durable: false });
try {
  for (const seed of seeds) {
    const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-probe-'));
    try {
      const file = path.join(sqliteDir, 'shop.sqlite');
      results.push(
        await probe('SQLite', { DATABASE_FILE: file }, () => createDatabase({ dialect: 'sqlite', file }), routes, seed),
      );
    } finally {
      fs.rmSync(sqliteDir, { recursive: true, force: true });
    }

    if ('notStarted' in postgres) {
      console.log(`\n=== PostgreSQL: NOT RUN, ${postgres.notStarted}`);
      process.exitCode = 1;
      continue;
    }
    const url = new URL(postgres.started.url);
    url.pathname = `/shop_probe_${seed}`;
    const admin = createDatabase({ dialect: 'postgres', url: postgres.started.url });
    await sql`create database ${sql.id(`shop_probe_${seed}`)}`.execute(admin.kysely);
    await admin.close();
    results.push(
      await probe(
        'PostgreSQL',
        { DATABASE_URL: url.toString() },
        () => createDatabase({ dialect: 'postgres', url: url.toString() }),
        routes,
        seed,
      ),
    );
  }
} finally {
  if ('started' in postgres) postgres.started.stop();
}

agent.destroy();
const failed = results.some((figures) => figures.serverErrors + figures.withoutEnvelope + figures.stateChanges > 0);
console.log(
  failed
    ? '\nPROBE FAILED: see the figures above.'
    : '\nProbe passed: no 5xx, every error in the envelope, no state change by a rejected request.',
);
if (failed) process.exitCode = 1;
