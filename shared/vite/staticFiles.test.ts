// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../server/csp.js';
import { withPagePolicy } from './pagePolicy.js';
import { wantsPartnerPage } from './partnerPage.js';
import { cachingFor, precompress, staticFilesMiddleware } from './staticFiles.js';

const page = `<!doctype html><html><head><meta charset="UTF-8" /><script>boot()</script></head></html>`;
const serverPolicy = "frame-ancestors 'self' https://shop.example; base-uri 'self'; object-src 'none'";
const script = `export const text = ${JSON.stringify('Kursangebot '.repeat(200))};\n`;

/** A GET with raw bytes (no automatic decompression), so the encoding on the wire is what is checked. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('static files as production serves them', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-static-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'remoteEntry.js'), script);
    writeFileSync(join(dist, 'tiny.json'), '{}');
    writeFileSync(join(dist, 'index.html'), withPagePolicy(page, ['http://localhost:5174']));
    writeFileSync(join(dist, 'plain.html'), page);
    precompress(dist);
    const serve = staticFilesMiddleware(dist, {
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': serverPolicy,
    });
    server = createServer((req, res) => serve(req, res, () => res.writeHead(404).end('fallback')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the brotli copy made at build time, gzip to browsers without brotli, the plain file otherwise', async () => {
    const br = await get(port, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await get(port, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(port, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches hashed assets for a year as immutable and revalidates entries, manifests and HTML fallbacks', async () => {
    expect((await get(port, '/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const entry = await get(port, '/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const again = await get(port, '/remoteEntry.js', {
      'accept-encoding': 'br',
      'if-none-match': String(entry.headers.etag),
    });
    expect(again.status).toBe(304);
    // Too small to be worth a compressed copy.
    expect((await get(port, '/tiny.json', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    const fallback = await get(port, '/courses');
    expect(fallback.body.toString()).toBe('fallback');
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(cachingFor('/partner/assets/x-1.js')).toBe('public, max-age=31536000, immutable');
    expect(cachingFor('/partner/partner.js')).toBe('no-cache');
  });

  it("sends a page with the script policy it carries, on top of the server's own; other files with the server's", async () => {
    const html = await get(port, '/index.html', { 'accept-encoding': 'br' });
    expect(html.headers['content-security-policy']).toBe(
      `${serverPolicy}; script-src 'self' http://localhost:5174 ${scriptHash('boot()')}`,
    );
    expect((await get(port, '/plain.html')).headers['content-security-policy']).toBe(serverPolicy);
    expect((await get(port, '/remoteEntry.js')).headers['content-security-policy']).toBe(serverPolicy);
  });

  it('never serves a file outside the build folder', async () => {
    expect((await get(port, '/../../etc/passwd')).body.toString()).toBe('fallback');
    expect((await get(port, '/%2e%2e/%2e%2e/etc/passwd')).body.toString()).toBe('fallback');
  });
});

describe('the partner page of /products-iframe', () => {
  it('goes to navigations into a frame and to addresses hiding header and footer, not to the shop itself', () => {
    expect(wantsPartnerPage('/products-iframe', { 'sec-fetch-dest': 'iframe' })).toBe(true);
    expect(wantsPartnerPage('/products-iframe?hideHeader=true&hideFooter=true', { 'sec-fetch-dest': 'document' })).toBe(
      true,
    );
    expect(wantsPartnerPage('/products-iframe', { 'sec-fetch-dest': 'document' })).toBe(false);
    expect(wantsPartnerPage('/products-iframe?hideHeader=true', {})).toBe(false);
    expect(wantsPartnerPage('/courses', { 'sec-fetch-dest': 'iframe' })).toBe(false);
  });
});
