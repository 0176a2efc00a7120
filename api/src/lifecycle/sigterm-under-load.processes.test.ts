import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';

/**
 * SIGTERM to an API process that twelve clients keep calling directly, with no proxy in front to retry
 * (docs/decisions/0087-outages-and-stops.md): every connection is either refused or answered. Half of the clients
 * open a connection per request, half keep theirs open between requests, as browsers and proxies do.
 */

type Result = { kind: 'answered'; status: number } | { kind: 'refused' } | { kind: 'broken'; code: string };

function call(url: URL, agent: http.Agent | false): Promise<Result> {
  return new Promise((resolve) => {
    const request = http.get({ host: url.hostname, port: url.port, path: '/api/course/tags', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ kind: 'answered', status: response.statusCode! }));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'broken', code: error.code ?? error.message }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'broken', code: error.code ?? error.message },
      ),
    );
  });
}

// At once (the default), and after a drain as a deploy behind a load balancer has it.
describe.each(['0', '500'])('SIGTERM while twelve clients keep calling (SHUTDOWN_DRAIN_MS=%s)', (drainMs) => {
  let folder: string;
  let api: ApiProcess;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-api-sigterm-'));
    api = await startApiProcess({
      DATABASE_FILE: path.join(folder, 'shop.sqlite'),
      SHUTDOWN_TIMEOUT_MS: '10000',
      SHUTDOWN_DRAIN_MS: drainMs,
      LOG_LEVEL: 'info',
    });
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('resets no connection and cuts no request: each one is refused or answered', async () => {
    const url = new URL(api.url);
    const results: Result[] = [];
    let stopped = false;
    const client = async (keepAlive: boolean) => {
      const agent = keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : false;
      // Until the process is gone and this client has been refused a few times in a row.
      for (let refusedInARow = 0; !stopped || refusedInARow < 3;) {
        const result = await call(url, agent);
        results.push(result);
        refusedInARow = result.kind === 'refused' ? refusedInARow + 1 : 0;
        if (result.kind === 'refused') await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (agent) agent.destroy();
    };
    const clients = Array.from({ length: 12 }, (_, i) => client(i % 2 === 0));
    while (results.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const exitCode = await api.stop();
    stopped = true;
    await Promise.all(clients);

    expect(exitCode).toBe(0);
    expect(results.filter((result) => result.kind === 'broken')).toEqual([]);
    expect(results.filter((result) => result.kind === 'answered' && result.status !== 200)).toEqual([]);
    expect(results.some((result) => result.kind === 'refused')).toBe(true);
  }, 120_000);
});
