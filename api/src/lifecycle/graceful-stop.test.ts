import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { gracefulStop } from './graceful-stop.ts';

/** A listening app with `/slow`, which answers once the test releases it, and a background job's onClose hook. */
async function startApp() {
  const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  const app = buildApp({ db });
  const events: string[] = [];
  let release = () => {};
  let entered = () => {};
  const slowEntered = new Promise<void>((resolve) => (entered = resolve));
  app.get('/slow', async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
    events.push('slow request answered');
    return { done: true };
  });
  // What a background worker registers: it is stopped only after the requests in flight are done.
  app.addHook('onClose', async () => void events.push('jobs stopped'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, db, port, events, slowEntered, release: () => release() };
}

function request(
  port: number,
  path: string,
  agent?: http.Agent,
): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('gracefulStop', () => {
  it('answers what arrives while the listener closes, then refuses new connections, finishes the requests in flight, then stops background work', async () => {
    const { app, db, port, events, slowEntered, release } = await startApp();
    // One open keep-alive connection, as a proxy holds them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await request(port, '/api/ready', agent)).status).toBe(200);
    const slow = request(port, '/slow');
    await slowEntered;

    const stopped = gracefulStop(app, { timeoutMs: 10_000 });
    // A connection made while the listener waits for quiet is answered (told to close), never dropped.
    expect(await request(port, '/api/health')).toMatchObject({ status: 200, connection: 'close' });
    // A request on the connection that was already open is answered: no longer ready, so a balancer moves on; the
    // connection closes after it, so the stop never has to close it under a client that is sending.
    const ready = await request(port, '/api/ready', agent);
    expect(ready).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse(ready.body).error.message).toContain('stopping');
    // Once nothing has connected for a moment, the listener is closed: new connections are refused.
    await vi.waitFor(() => expect(app.server.listening).toBe(false), { timeout: 5000, interval: 20 });
    await expect(request(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(events).toEqual([]);

    release();
    expect(await slow).toEqual({ status: 200, body: '{"done":true}', connection: 'close' });
    expect(await stopped).toBe(true);
    expect(events).toEqual(['slow request answered', 'jobs stopped']);
    agent.destroy();
    await db.close();
  });

  it('cuts requests that outlast the timeout, so a hung request cannot hold up a deploy', async () => {
    const { app, db, port, events, slowEntered, release } = await startApp();
    const slow = request(port, '/slow');
    await slowEntered;
    const started = Date.now();
    expect(await gracefulStop(app, { timeoutMs: 200 })).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(slow).rejects.toThrow();
    expect(events).toEqual(['jobs stopped']);
    release();
    await db.close();
  });
});
