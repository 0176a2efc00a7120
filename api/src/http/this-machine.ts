import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '@shop/shared/server';

/** Headers a reverse proxy adds for the client it forwards; any of them means the request came through one. */
const proxyHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;

/**
 * Whether a request comes from the machine the API runs on, directly: the socket's own address is loopback
 * and no proxy header is present. The socket is read, never `request.ip`, so TRUST_PROXY cannot make a forwarded
 * request count as local; and a proxy on this machine that forwards strangers is recognised by its headers.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.raw.socket.remoteAddress) &&
    proxyHeaders.every((name) => request.headers[name] === undefined)
  );
}
