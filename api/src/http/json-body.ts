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

/** Whether the client takes a gzip-compressed answer. */
export const acceptsGzip = (request: FastifyRequest): boolean =>
  /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/** Sends a kept body in the encoding the client takes, and says that the answer varies with it. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Fastify sends bytes as they are (no second serialisation); the type provider expects the object.
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip as never);
  return reply.send(body.json as never);
}
