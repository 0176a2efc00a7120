import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { compressFromBytes } from './compression.ts';

describeEachDatabase('compressed answers', (ctx) => {
  const fetchModules = (acceptEncoding?: string) =>
    ctx.app.inject({
      url: '/api/course/flexible-learning',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a large answer in brotli or gzip, as the client takes it, and the same JSON', async () => {
    const plain = await fetchModules();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);

    const brotli = await fetchModules('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await fetchModules('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const mode = await ctx.app.inject({ url: '/api/shop/mode', headers: { 'accept-encoding': 'br, gzip' } });
    expect(mode.statusCode).toBe(200);
    expect(mode.rawPayload.length).toBeLessThan(compressFromBytes);
    expect(mode.headers['content-encoding']).toBeUndefined();
  });

  it('never sends a kept gzip answer to a client that refuses gzip (q=0)', async () => {
    for (const url of ['/api/course/search?limit=1', '/api/translation/de']) {
      for (const refusal of ['gzip;q=0', 'identity, gzip; q=0', 'GZIP;Q=0.0']) {
        const answer = await ctx.app.inject({ url, headers: { 'accept-encoding': refusal } });
        expect(answer.statusCode, `${url} ${refusal}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${refusal}`).not.toBe('gzip');
        expect(answer.headers.etag ?? '', `${url} ${refusal}`).not.toMatch(/-gz"$/);
        expect(answer.json().result, `${url} ${refusal}`).toBeDefined();
      }
    }
    // A wildcard takes gzip, and so does a gzip with a weight above 0.
    for (const taken of ['*', 'gzip;q=0.1', 'br;q=0, x-gzip']) {
      const texts = await ctx.app.inject({ url: '/api/translation/de', headers: { 'accept-encoding': taken } });
      expect(texts.headers['content-encoding'], taken).toBe('gzip');
    }
  });

  it('leaves a kept gzip answer as it is, not compressed twice', async () => {
    const texts = await ctx.app.inject({ url: '/api/translation/de', headers: { 'accept-encoding': 'br, gzip' } });
    expect(texts.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(JSON.parse(gunzipSync(texts.rawPayload).toString()).result).length).toBeGreaterThan(500);
  });
});
