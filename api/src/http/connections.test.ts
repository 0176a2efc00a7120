import net, { type AddressInfo } from 'node:net';
import { errorBodySchema } from '@shop/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { type ConnectionLimits, uncappedPeers } from './connections.ts';

/**
 * Over the network, against a listening app (inject never reaches Node's HTTP server): bodies over the limit are
 * answered 413 in the envelope whatever their size, slow clients are answered 408 and closed, and one client
 * address holds only so many connections at once.
 */

let db: Db;
beforeAll(async () => {
  db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
});
afterAll(() => db.close());

async function listening(connectionLimits?: Partial<ConnectionLimits>) {
  const app = buildApp({ db, connectionLimits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

interface Conversation {
  /** Everything the server sent. */
  received: string;
  /** The socket error the client met (EPIPE, ECONNRESET), if any. */
  error: string | null;
  /** Bytes of the body the client got to send. */
  sent: number;
}

/**
 * One connection that sends `head`, then `bodyBytes` of body as fast as the server takes them (framed as chunks
 * when `chunked`), then `after`, and reads until the server closes.
 */
function converse(port: number, head: string, bodyBytes: number, chunked: boolean, after: string) {
  return new Promise<Conversation>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const result: Conversation = { received: '', error: null, sent: 0 };
    socket.on('data', (chunk) => (result.received += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => (result.error = error.code ?? error.message));
    socket.on('close', () => resolve(result));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const framed = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    socket.write(head);
    const pump = () => {
      while (result.sent < bodyBytes) {
        result.sent += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      socket.end(`${chunked ? '0\r\n\r\n' : ''}${after}`);
    };
    pump();
  });
}

const answers = (received: string) =>
  [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map((match) => Number(match[1]));

describe('bodies over the limit', () => {
  let port = 0;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await listening();
    port = started.port;
    close = () => started.app.close();
  });
  afterAll(() => close());

  const twentyMegabytes = 20 * 1024 * 1024;
  for (const chunked of [false, true]) {
    it(`are answered 413 in the envelope at 20 MB (${chunked ? 'chunked' : 'Content-Length'}), and the connection stays usable`, async () => {
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${twentyMegabytes}`;
      const talk = await converse(
        port,
        `POST /api/cart/validate HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
        twentyMegabytes,
        chunked,
        'GET /api/health HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n',
      );
      // The whole body went out without a reset, the 413 came, and the next request on the connection was served.
      expect(talk.error).toBeNull();
      expect(talk.sent).toBeGreaterThanOrEqual(twentyMegabytes);
      expect(answers(talk.received)).toEqual([413, 200]);
      const body = talk.received.split('\r\n\r\n')[1]!;
      const envelope = errorBodySchema.parse(JSON.parse(body.slice(0, body.indexOf('}}') + 2)));
      expect(envelope.error.code).toBe('PAYLOAD_TOO_LARGE');
    }, 60_000);
  }

  it('are answered 413 to a client that sends everything before it reads (fetch)', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/cart/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(twentyMegabytes, 'a'),
    });
    expect(response.status).toBe(413);
    expect(errorBodySchema.parse(await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  }, 60_000);
});

describe('slow clients', () => {
  it('have headers and body timeouts by default, and the keep-alive a proxy needs', async () => {
    const { app } = await listening();
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
    await app.close();
  });

  it('are answered 408 and closed when their headers or their body do not arrive in time', async () => {
    // Short timeouts for the test; a ceiling far above them, so a loaded machine does not matter.
    const { app, port } = await listening({ headersTimeoutMs: 200, requestTimeoutMs: 400, checkIntervalMs: 50 });
    const started = performance.now();
    const [slowHeaders, slowBody] = await Promise.all(
      [
        'GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Slow: ',
        'POST /api/cart/validate HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"courses":',
      ].map(
        (text) =>
          new Promise<string>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
            let received = '';
            socket.on('data', (chunk) => (received += chunk.toString('utf8')));
            socket.on('error', () => {});
            socket.on('close', () => resolve(received));
          }),
      ),
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(answers(slowHeaders!)).toEqual([408]);
    expect(answers(slowBody!)).toEqual([408]);
    await app.close();
  }, 30_000);
});

describe('connections per client address', () => {
  const open = (port: number) =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', reject);
    });
  const closedByServer = (socket: net.Socket) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) return resolve(true);
      socket.once('close', () => resolve(true));
      socket.on('error', () => {});
      socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n');
      socket.once('data', () => resolve(false));
    });

  it('are capped: the connection over the cap is closed, and a freed slot takes a new one', async () => {
    const { app, port } = await listening({ perClient: 5, uncapped: () => false });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    const extra = await open(port);
    expect(await closedByServer(extra)).toBe(true);
    // Those within the cap are served.
    expect(await closedByServer(held[0]!)).toBe(false);
    held.pop()!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await open(port);
    expect(await closedByServer(next)).toBe(false);
    for (const socket of [...held, next]) socket.destroy();
    await app.close();
  });

  it('are not capped for a proxy TRUST_PROXY trusts, nor for this machine in development', () => {
    const byList = uncappedPeers('10.0.0.0/8,192.0.2.7', false);
    expect([byList('10.1.2.3'), byList('192.0.2.7'), byList('192.0.2.8'), byList('127.0.0.1')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const byHops = uncappedPeers((_address: string, hop: number) => hop < 1, false);
    expect(byHops('198.51.100.1')).toBe(true);
    const none = uncappedPeers(false, false);
    expect([none('127.0.0.1'), none('198.51.100.1')]).toEqual([false, false]);
    const development = uncappedPeers(false, true);
    expect([development('127.0.0.1'), development('::1'), development('198.51.100.1')]).toEqual([true, true, false]);
  });
});
