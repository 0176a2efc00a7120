import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';

/**
 * A deploy as an operator does it: two API processes behind a proxy, restarted one after the other with SIGTERM
 * while requests keep coming. Every request gets its answer: the stopping process says it is not ready (the proxy
 * stops sending), refuses new connections after SHUTDOWN_DRAIN_MS (the proxy tries the other one, as a proxy does
 * with a refused connection) and answers what it has accepted.
 */

interface Backend {
  url: URL;
  /** What the last readiness check said. */
  ready: boolean;
  inFlight: number;
  answered: number;
}

const readinessCheckMs = 50;
/** Twenty readiness checks: on this busy a machine a check can take a while to come back. */
const drainMs = 1000;

/**
 * Round robin over the ready ones of `backends` (the test swaps entries as processes are replaced; each is checked
 * at `/api/ready` every 50 ms). One upstream connection per request; only a refused connection, where the request
 * cannot have reached a process, is tried elsewhere. Anything else that goes wrong upstream is a 502, which the
 * test counts as a dropped request.
 */
function roundRobinProxy(backends: Backend[]) {
  let next = 0;
  const checks = setInterval(() => {
    for (const backend of backends) {
      fetch(new URL('/api/ready', backend.url)).then(
        (response) => (backend.ready = response.ok),
        () => (backend.ready = false),
      );
    }
  }, readinessCheckMs);
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, first: number, attempt: number) => {
    const ready = backends.filter((backend) => backend.ready);
    const candidates = ready.length > 0 ? ready : backends;
    // A retry goes to the next backend in line, as a proxy's "next upstream" does.
    const backend = candidates[(first + attempt) % candidates.length]!;
    backend.inFlight++;
    const upstream = http.request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
        answer.on('end', () => {
          backend.inFlight--;
          backend.answered++;
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      backend.inFlight--;
      if (error.code === 'ECONNREFUSED' && attempt + 1 < 2 * backends.length)
        forward(request, response, first, attempt + 1);
      else if (!response.headersSent)
        response
          .writeHead(502)
          .end(`proxy: ${error.code ?? error.message} from ${backend.url.port}${backend.ready ? '' : ' (not ready)'}`);
    });
    upstream.end();
  };
  const server = http.createServer((request, response) => forward(request, response, next++, 0));
  server.on('close', () => clearInterval(checks));
  return server;
}

const paths = ['/api/course/search', '/api/course/tags', '/api/shop/mode', '/api/product/search'];

describe('a rolling restart of two API processes behind a proxy', () => {
  let folder: string;
  let env: Record<string, string>;
  const processes: ApiProcess[] = [];
  const backends: Backend[] = [];
  let proxy: http.Server;
  let proxyUrl: string;

  const start = async () => {
    const api = await startApiProcess(env);
    processes.push(api);
    return { api, backend: { url: new URL(api.url), ready: true, inFlight: 0, answered: 0 } };
  };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-api-restart-'));
    env = {
      DATABASE_FILE: path.join(folder, 'shop.sqlite'),
      SHUTDOWN_TIMEOUT_MS: '10000',
      SHUTDOWN_DRAIN_MS: String(drainMs),
      LOG_LEVEL: 'info',
    };
    // One after the other: the first migrates and seeds, the second finds the database ready.
    for (let i = 0; i < 2; i++) backends.push((await start()).backend);
    proxy = roundRobinProxy(backends);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((api) => api.stop()));
    proxy?.close();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('answers every request of a steady stream while each process is stopped and replaced in turn', async () => {
    const results: { status: number; body: string }[] = [];
    let streaming = true;
    const client = async (offset: number) => {
      for (let i = offset; streaming; i++) {
        try {
          const response = await fetch(`${proxyUrl}${paths[i % paths.length]}`);
          results.push({ status: response.status, body: await response.text() });
        } catch (error) {
          results.push({ status: 0, body: String(error) });
        }
      }
    };
    const answeredAtLeast = async (count: number) => {
      while (results.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const clients = Array.from({ length: 6 }, (_, i) => client(i));

    const caughtInFlight: number[] = [];
    try {
      for (let slot = 0; slot < 2; slot++) {
        await answeredAtLeast(results.length + 40);
        const old = backends[slot]!;
        // SIGTERM while this process is answering requests.
        while (old.inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
        caughtInFlight.push(old.inFlight);
        const exitCode = await processes[slot]!.stop();
        expect(exitCode).toBe(0);
        const replacement = await start();
        backends[slot] = replacement.backend;
        processes[slot] = replacement.api;
      }
      await answeredAtLeast(results.length + 40);
    } finally {
      streaming = false;
      await Promise.all(clients);
    }

    expect(caughtInFlight.every((count) => count > 0)).toBe(true);
    const failed = results.filter((result) => result.status !== 200);
    expect(failed).toEqual([]);
    // The new processes took their share.
    expect(backends.map((backend) => backend.answered > 0)).toEqual([true, true]);
  }, 120_000);
});
