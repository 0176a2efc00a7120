import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers below this many bytes go as they are: compressing them saves little on the wire and costs the API on its
 * busiest calls. At 1 KB, brotli on every cart price answer took the bench's guest rate from 1,910 to 1,267 per
 * second and its p99 at 300/s from 7.7 to 15.6 ms (docs/performance.md#the-apis-answers).
 */
export const compressFromBytes = 4096;

/**
 * Every answer of `compressFromBytes` and more goes in the encoding the client takes, brotli or gzip
 * (docs/performance.md#the-apis-answers). The listings a first screen waits for are repetitive JSON: the
 * flexible-learning modules were 48.5 KB on the wire, 2.3 KB in gzip, before the first card of /products-iframe
 * could render. An answer that already carries its encoding (the kept gzip bodies of json-body.ts) is sent as it is.
 * Registered before the routes, so its hook applies to all of them.
 */
export function registerCompression(app: FastifyInstance): void {
  void app.register(compress, { threshold: compressFromBytes, encodings: ['br', 'gzip'] });
}
