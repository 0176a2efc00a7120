import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './load.ts';

describe('pacedLoad', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(handler: (count: number) => void): Promise<string> {
    let count = 0;
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        handler(++count);
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  }

  it('sends exactly rate × seconds requests, the JSON body as a POST', async () => {
    const bodies: string[] = [];
    const url = await listen(() => {});
    server!.prependListener('request', (request) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => bodies.push(`${request.method} ${body}`));
    });
    const result = await pacedLoad('test', url, { seconds: 0.5, rate: 100, json: { a: 1 } });
    expect(bodies).toHaveLength(50);
    expect(new Set(bodies)).toEqual(new Set(['POST {"a":1}']));
    expect(result.errors + result.non2xx).toBe(0);
  });

  it('counts latency from when a request was due, so a stall shows even for requests sent after it', async () => {
    // The 20th request blocks the process (server and generator alike) for 150 ms. Requests due meanwhile are
    // sent late and answered at once; measured from their sending they would look fast.
    const url = await listen((count) => {
      if (count === 20) {
        const until = performance.now() + 150;
        while (performance.now() < until);
      }
    });
    const result = await pacedLoad('stall', url, { seconds: 1, rate: 100 });
    // At 100/s about 15 requests fall due during the stall: more than 1 % of 100, so p99 carries the stall.
    expect(result.p99).toBeGreaterThanOrEqual(75);
    expect(result.errors + result.non2xx).toBe(0);
  });
});
