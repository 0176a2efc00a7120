import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/databases.ts';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/temporary-postgres.ts';

/**
 * The database goes away under load and comes back (docs/decisions/0087-outages-and-stops.md): a real API process on
 * a PostgreSQL server of this test's own, which the test stops and starts again while clients keep calling. No
 * request gets a 500: what needs the database answers 503 SERVICE_UNAVAILABLE with Retry-After, `/api/ready` says
 * 503, the process lives on, and the first requests after the server is back are answered normally.
 */

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls that each need the database: a catalogue read, the session lookup, the login's counters. */
const calls: Call[] = [
  { method: 'GET', path: '/api/course/tags' },
  { method: 'GET', path: '/api/product/search' },
  { method: 'GET', path: '/api/customer/me', headers: { authorization: 'Bearer not-a-session-token' } },
  {
    method: 'POST',
    path: '/api/customer/login',
    body: { email: 'nobody@example.com', password: 'wrong password', remember: false },
  },
];

interface Outcome {
  call: string;
  status: number;
  code?: string;
  retryAfter: string | null;
}

async function send(url: string, call: Call): Promise<Outcome> {
  const response = await fetch(`${url}${call.path}`, {
    method: call.method,
    headers: { ...(call.body ? { 'content-type': 'application/json' } : {}), ...call.headers },
    body: call.body ? JSON.stringify(call.body) : undefined,
  });
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return {
    call: `${call.method} ${call.path}`,
    status: response.status,
    code,
    retryAfter: response.headers.get('retry-after'),
  };
}

let postgres: TemporaryPostgres | null = null;
let notStarted = '';
const outcome = await startTemporaryPostgres({ durable: false });
if ('started' in outcome) postgres = outcome.started;
else notStarted = outcome.notStarted;

describe.skipIf(!postgres)(
  `the database stops under load and comes back${notStarted ? ` [${notStarted}]` : ''}`,
  () => {
    let api: ApiProcess;
    let dropDatabase = async () => {};

    beforeAll(async () => {
      const created = await createPostgresDatabase(postgres!.url, 'shop_outage');
      dropDatabase = created.drop;
      api = await startApiProcess({ DATABASE_URL: created.url, LOG_LEVEL: 'info' });
    }, 120_000);

    afterAll(async () => {
      await api?.stop();
      await dropDatabase().catch(() => {});
      postgres?.stop();
    }, 60_000);

    it('answers 503 with Retry-After, never 500, while it is gone, and normally again as soon as it is back', async () => {
      const outcomes: Outcome[] = [];
      let phase: 'before' | 'outage' | 'after' = 'before';
      const during: Outcome[] = [];
      let running = true;
      const client = async (offset: number) => {
        for (let i = offset; running; i++) {
          const result = await send(api.url, calls[i % calls.length]!).catch((error: unknown): Outcome => ({
            call: String(error),
            status: 0,
            retryAfter: null,
          }));
          outcomes.push(result);
          if (phase === 'outage') during.push(result);
        }
      };
      const clients = Array.from({ length: 8 }, (_, i) => client(i));
      const answered = async (count: number) => {
        const target = outcomes.length + count;
        while (outcomes.length < target) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      try {
        await answered(40);
        postgres!.pause();
        phase = 'outage';
        await answered(200);
        const ready = await send(api.url, { method: 'GET', path: '/api/ready' });
        expect(ready).toMatchObject({ status: 503, code: 'NOT_READY' });
        // Alive all the same (a connection ending under a transaction does not end the process), and says so: restarting
        // it would not bring the database back.
        expect((await send(api.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
        postgres!.resume();
        phase = 'after';
        // The first requests once the server takes connections again: no stale connection, no back-off to wait out.
        expect(await send(api.url, { method: 'GET', path: '/api/ready' })).toMatchObject({ status: 200 });
        for (const call of calls) expect((await send(api.url, call)).status, call.path).not.toBeGreaterThanOrEqual(500);
      } finally {
        running = false;
        await Promise.all(clients);
      }

      // Every call that met the outage said so: 503 SERVICE_UNAVAILABLE with Retry-After, nothing else.
      expect(outcomes.filter((result) => result.status === 0 || result.status === 500)).toEqual([]);
      const unavailable = during.filter((result) => result.status === 503);
      expect(unavailable.length).toBeGreaterThan(50);
      for (const result of unavailable) expect(result).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: '2' });
      // Every kind of call met it (the login's counters and the session lookup too, not only catalogue reads).
      expect(new Set(unavailable.map((result) => result.call))).toEqual(
        new Set(calls.map((call) => `${call.method} ${call.path}`)),
      );
    }, 120_000);
  },
);
