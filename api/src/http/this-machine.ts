import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds for the client it forwards; any of them means the request came through one. */
const proxyHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return ip === '::1' || /^127(\.\d{1,3}){3}$/.test(ip);
}

/**
 * Whether a request comes from the machine the API runs on, directly: the socket's own address is loopback
 * and no proxy header is present. The socket is read, never `request.ip`, so TRUST_PROXY cannot make a forwarded
 * request count as local; and a proxy on this machine that forwards strangers is recognised by its headers.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket.remoteAddress) && proxyHeaders.every((name) => request.headers[name] === undefined);
}
