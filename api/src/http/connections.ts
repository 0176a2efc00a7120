import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isLoopbackAddress } from '@shop/shared/server';
import { clientKey } from '../rate-limit/client-key.ts';

/**
 * How long a client may take and how many connections it may hold (docs/decisions/0084-smaller-holes.md), so that
 * slow clients cannot keep hundreds of sockets open: one that sends its headers or its body slowly is answered 408
 * and closed, and one client address holds at most `perClient` connections at once (more are closed as they come).
 */
export interface ConnectionLimits {
  /** Open connections per client address (its rate-limit key: IPv4 address or IPv6 /56); 0: no cap. */
  perClient: number;
  /** Milliseconds from a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** Milliseconds from a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** Milliseconds an idle kept-alive connection stays open (above a proxy's own upstream keep-alive). */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two request timeouts (so a timeout ends within this much after it is due). */
  checkIntervalMs: number;
  /**
   * Connections whose peer is not capped: a reverse proxy trusted by TRUST_PROXY carries many clients on its
   * connections (the proxy limits them per client, e.g. nginx `limit_conn`), and in development this machine.
   */
  uncapped: (address: string) => boolean;
}

/** MAX_CONNECTIONS_PER_CLIENT unless set: a browser opens 6 per host, so several behind one address fit. */
export const defaultConnectionsPerClient = 64;

export const defaultConnectionLimits: Omit<ConnectionLimits, 'uncapped'> = {
  perClient: defaultConnectionsPerClient,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Fastify's default: longer than the 60 s an upstream keep-alive of a proxy or load balancer usually lasts, so the
  // API never closes a connection the proxy is about to reuse.
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 1_000,
};

/**
 * Which peers are not capped: proxies TRUST_PROXY trusts (judged as Fastify judges the socket's peer, hop 0), and
 * this machine in development (the dev servers' proxy, the journeys).
 */
export function uncappedPeers(
  trustProxy: FastifyServerOptions['trustProxy'],
  development: boolean,
): (address: string) => boolean {
  let trusted: (address: string, hop: number) => boolean;
  if (trustProxy === undefined || trustProxy === false) trusted = () => false;
  else if (trustProxy === true) trusted = () => true;
  else if (typeof trustProxy === 'function') trusted = trustProxy;
  else if (typeof trustProxy === 'number') trusted = (_address, hop) => hop < trustProxy;
  else
    trusted = proxyaddr.compile(
      typeof trustProxy === 'string' ? trustProxy.split(',').map((e) => e.trim()) : trustProxy,
    );
  return (address) => trusted(address, 0) || (development && isLoopbackAddress(address));
}

/** The Fastify options that set the timeouts (the http server's own for the headers and the check interval). */
export function connectionServerOptions(limits: Omit<ConnectionLimits, 'uncapped' | 'perClient'>): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/**
 * Caps the open connections per client address (the one over the cap is closed at once), and answers a body over
 * its limit so that the client reads the answer: the rest of the body is read and dropped as it comes (within the
 * request timeout) and the connection stays usable. Fastify's own way, closing the connection right after the
 * 413, reset it under a client still sending (a 20 MB body), which then never saw the answer.
 */
export function registerConnectionLimits(
  app: FastifyInstance,
  limits: Pick<ConnectionLimits, 'perClient' | 'uncapped'>,
) {
  if (limits.perClient > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined || limits.uncapped(address)) return;
      const key = clientKey(address);
      const count = (open.get(key) ?? 0) + 1;
      if (count > limits.perClient) {
        socket.destroy();
        return;
      }
      open.set(key, count);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 413) {
      // Fastify asks for the connection to be closed after a body it refused; Node then destroys the socket as soon
      // as the answer is written, with the rest of the body unread, which resets the connection under a client
      // still sending (it never reads the 413). Kept alive instead, Node reads the rest of the body and drops it
      // (its framing is known), within the request timeout, and the client reads the answer.
      reply.removeHeader('connection');
      if (!request.raw.readableEnded) request.raw.resume();
    }
    return payload;
  });
}
