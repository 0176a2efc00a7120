import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { apiRoot } from '../config.ts';
import { createDatabase, type Db, type Dialect } from '../db/database.ts';
import { addDays, isoDateInZone } from '../lib/dates.ts';
import { createPostgresTestDatabase } from './databases.ts';
import { freePort } from './temporary-postgres.ts';

/**
 * The real API process (`node --import tsx src/main.ts`, as `npm start -w api` runs it) for tests of what only a
 * process shows: the start refusals of production mode, several processes on one database, a graceful stop.
 */

/** One process with tsx as its loader: the tsx CLI's own parent process would relay SIGTERM (see package.json). */
const mainArgs = ['--import', 'tsx', 'src/main.ts'];

/** Variables of the test runner's own environment that would change what the API does; each test sets its own. */
const apiVariables = [
  'NODE_ENV',
  'SMTP_URL',
  'MAIL_FROM',
  'SHOP_URL',
  'PAYMENT_PROVIDER',
  'MOLLIE_API_KEY',
  'MOLLIE_API_URL',
  'PAYMENT_HOLD_SECONDS',
  'PAYMENT_HOLD_SWEEP_MS',
  'UNPAID_HOLD_PLACES',
  'MAX_CONNECTIONS_PER_CLIENT',
  'MAIL_DELIVERY_MS',
  'MAIL_MAX_ATTEMPTS',
  'MAIL_RETRY_BASE_MS',
  'MAIL_RETRY_MAX_MS',
  'CLEANUP_INTERVAL_MS',
  'WAITLIST_OFFER_SECONDS',
  'WAITLIST_INTERVAL_MS',
  'DATABASE_URL',
  'DATABASE_FILE',
  'PARTNER_ORIGINS',
  'TRUST_PROXY',
  'HSTS_INCLUDE_SUBDOMAINS',
  'REDIS_URL',
  'API_PROCESSES',
  'NODE_TLS_REJECT_UNAUTHORIZED',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'LOG_FILE',
  'SHUTDOWN_TIMEOUT_MS',
  'SHUTDOWN_DRAIN_MS',
  'METRICS_PORT',
  'METRICS_HOST',
  'DEPENDENCY_CHECKS',
];

function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !apiVariables.includes(name)));
  return { ...base, PORT: '0', HOST: '127.0.0.1', ...env };
}

export interface ApiProcess {
  /** `http://127.0.0.1:<port>`, read from the process's "listening" log line. */
  url: string;
  /** Everything it wrote to stdout so far (JSON log lines). */
  output(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Runs the API until it exits by itself (a refused start); kills it after `timeoutMs` if it does not. */
export async function runApiUntilExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, mainArgs, {
    cwd: apiRoot,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // 'close', not 'exit': a process's pipes may still hold its last output when 'exit' fires, and a refused start
  // is one line on stderr written just before exiting (it was read as empty once under a full run's load).
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Starts the API and resolves once it listens; rejects with its output if it exits first. */
export function startApiProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, mainArgs, {
    cwd: apiRoot,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited(child);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The API did not start within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (listening) {
        clearTimeout(timer);
        resolve({ url: listening[1]!, output: () => stdout, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The API exited (${code}) before listening:\n${stdout}\n${stderr}`));
    });
  });
}

/** An API process a test may also kill outright (SIGKILL), as a crash would. */
export interface KillableApiProcess extends ApiProcess {
  child: ChildProcess;
}

/** Starts the API quietly (no log output) and resolves once `/api/health` answers. */
export async function startApi(env: Record<string, string>, timeoutMs = 60_000): Promise<KillableApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, mainArgs, {
    cwd: apiRoot,
    env: processEnv({ ...env, PORT: String(port), LOG_LEVEL: 'silent' }),
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited(child);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, output: () => '', stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('API did not start');
}

/** Several API processes on one database, and the test's own connection to it. */
export interface ApiProcessesOnOneDatabase {
  db: Db;
  processes: ApiProcess[];
  /** Stops the processes (resolves with their exit codes), closes `db` and removes the database. */
  stop(): Promise<(number | null)[]>;
}

/**
 * `count` API processes (with `env`, logging at info) on one fresh database — a new PostgreSQL database, or a
 * SQLite file in a temporary folder — started one after the other: the first migrates and seeds, the others find
 * the database ready.
 */
export async function startApiProcessesOnOneDatabase(
  dialect: Dialect,
  env: Record<string, string>,
  count = 2,
): Promise<ApiProcessesOnOneDatabase> {
  let target: { env: Record<string, string>; db: Db; drop: () => Promise<void> };
  if (dialect === 'postgres') {
    const created = await createPostgresTestDatabase();
    target = {
      env: { DATABASE_URL: created.url },
      db: createDatabase({ dialect, url: created.url }),
      drop: created.drop,
    };
  } else {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-api-processes-'));
    const file = path.join(folder, 'shop.sqlite');
    target = {
      env: { DATABASE_FILE: file },
      db: createDatabase({ dialect, file }),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const processes: ApiProcess[] = [];
  const stop = async () => {
    const codes = await Promise.all(processes.map((api) => api.stop()));
    await target.db.close();
    await target.drop();
    return codes;
  };
  try {
    for (let i = 0; i < count; i++) processes.push(await startApiProcess({ LOG_LEVEL: 'info', ...env, ...target.env }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { db: target.db, processes, stop };
}

/**
 * A suite per dialect whose tests share two API processes (with `env`) on one fresh database, as
 * describeEachDatabase does for the in-process app: `api` is filled in before the first test, and both processes
 * must stop with exit code 0 after the last. Without a PostgreSQL server that run is skipped, visibly.
 */
export function describeWithApiProcesses(
  name: string,
  { env, dialects = ['sqlite', 'postgres'] }: { env: Record<string, string>; dialects?: readonly Dialect[] },
  body: (api: ApiProcessesOnOneDatabase, dialect: Dialect) => void,
): void {
  for (const dialect of dialects) {
    const available = dialect === 'sqlite' || Boolean(inject('pgAdminUrl'));
    const run = available ? describe : describe.skip;
    run(`${name} [${dialect}${available ? '' : ': NOT AVAILABLE, skipped'}]`, () => {
      const api = {} as ApiProcessesOnOneDatabase;
      beforeAll(async () => {
        Object.assign(api, await startApiProcessesOnOneDatabase(dialect, env));
      }, 120_000);
      afterAll(async () => {
        if (api.stop) expect(await api.stop()).toEqual([0, 0]);
      }, 60_000);
      body(api, dialect);
    });
  }
}

/**
 * A course of type 1 for the processes' tests, starting in 30 days by the real clock (the processes run on it),
 * with a German text; its id.
 */
export async function insertProcessTestCourse(
  db: Db,
  {
    identifier,
    title,
    maxParticipants = 30,
    freePlaces = 30,
    priceCents = 10_000,
  }: { identifier: string; title: string; maxParticipants?: number; freePlaces?: number; priceCents?: number },
): Promise<number> {
  const today = isoDateInZone(new Date());
  const course = await db.kysely
    .insertInto('course')
    .values({
      type: 1,
      identifier,
      start_date: addDays(today, 30),
      start_time: '18:00',
      end_date: addDays(today, 60),
      end_time: '19:30',
      registration_deadline: addDays(today, 20),
      max_participants: maxParticipants,
      free_places: freePlaces,
      price_cents: priceCents,
      discounted_price_cents: null,
      flexible_learning_course_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('course_text')
    .values({ course_id: course.id, language: 'de', title, pretitle: '', short: '' })
    .execute();
  return course.id;
}

/** The JSON log lines of `event` (`"event":"…"`) an API process wrote so far. */
export function loggedEvents(api: ApiProcess, event: string): Record<string, unknown>[] {
  return api
    .output()
    .split('\n')
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
