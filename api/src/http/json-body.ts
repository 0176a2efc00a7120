import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** A JSON answer kept as bytes, plain and gzip-compressed once: for answers that are large and asked often. */
export interface CachedBody {
  /** The JSON as bytes, so a hit costs no encoding. */
  json: Buffer;
  /** The same, gzip-compressed (listings and texts are repetitive: five to ten times smaller). */
  gzip: Buffer;
}

/** The bodies to keep for a JSON text (compressed off the event loop). */
export async function cachedBody(json: string): Promise<CachedBody> {
  const bytes = Buffer.from(json);
  return { json: bytes, gzip: await gzipAsync(bytes) };
}

/**
 * Whether the client takes a gzip-compressed answer: its Accept-Encoding names `gzip` (or `x-gzip`), else `*`, with
 * a weight above 0 (RFC 9110 12.5.3). `gzip;q=0` refuses gzip: a mere mention of the word is not consent.
 */
export function acceptsGzip(request: FastifyRequest): boolean {
  const weights = new Map<string, number>();
  for (const entry of (request.headers['accept-encoding'] ?? '').split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    weights.set(coding, Number.isNaN(weight) ? 0 : weight);
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return gzip > 0;
}

/** Sends a kept body in the encoding the client takes, and says that the answer varies with it. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Fastify sends bytes as they are (no second serialisation); the type provider expects the object.
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip as never);
  return reply.send(body.json as never);
}
