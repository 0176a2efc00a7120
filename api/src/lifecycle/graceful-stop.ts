import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the app is stopping (`/api/ready` answers 503 from then on, every answer closes its connection), and
     * while the listener is being closed, what new requests wait for (see gracefulStop).
     */
    lifecycle: { stopping: boolean; parked: Promise<void> | null };
  }
}

/**
 * The app's stop state, set by gracefulStop and by any `app.close()`. A stopping app tells every answer's client to
 * close the connection (`Connection: close`), so no client is left holding an idle connection that the stop would
 * have to close under it (it could be sending its next request at that moment: a reset). While gracefulStop closes
 * the listener, requests wait before their first hook.
 */
export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { stopping: false, parked: null });
  app.addHook('preClose', async () => {
    app.lifecycle.stopping = true;
  });
  app.addHook('onRequest', async () => {
    if (app.lifecycle.parked) await app.lifecycle.parked;
  });
  app.addHook('onSend', async (request, reply) => {
    if (app.lifecycle.stopping && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
}

export interface GracefulStopOptions {
  /** SHUTDOWN_TIMEOUT_MS: how long requests in flight may take to finish before their connections are cut. */
  timeoutMs: number;
  /**
   * SHUTDOWN_DRAIN_MS: how long the process keeps accepting while `/api/ready` already says stopping, so a load
   * balancer that checks readiness stops sending before the listener closes (0: close at once).
   */
  drainMs?: number;
}

/**
 * A connection accepted just before the listener closed has not sent its request yet, and Node would close it as
 * idle; this long it gets to send it, so it is answered instead of reset.
 */
const lateRequestGraceMs = 250;

/**
 * Closing a listening socket resets the connections the kernel has accepted for it but the process has not taken
 * yet (Linux sends RST): a client that connected a moment before would see its request dropped. So the listener
 * closes only once no connection has arrived for this long, while new requests wait (each client that calls again
 * after an answer has its next request waiting, and stops connecting); then the waiting requests are answered.
 */
const quietBeforeCloseMs = 100;
/** However busy: the listener closes after this long of waiting for quiet (at most a quarter of the timeout). */
const longestWaitForQuietMs = 2000;

/**
 * Stops the app the way a deploy needs it (docs/decisions/0010-operations.md): `/api/ready` says stopping, and
 * after `drainMs` the listening socket closes (new connections are refused, so a proxy tries the other process); requests
 * in flight finish, each connection closing after its answer; only then the app's onClose hooks run: background
 * work stops (a run in progress is awaited) and the rate-limit store closes. Requests still running after
 * `timeoutMs` have their connections cut, so a hung request cannot keep an old process alive through a deploy.
 * The caller closes the database afterwards. Resolves `true` when everything finished in time, `false` when
 * connections had to be cut.
 */
export async function gracefulStop(
  app: FastifyInstance,
  { timeoutMs, drainMs = 0 }: GracefulStopOptions,
): Promise<boolean> {
  app.lifecycle.stopping = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  let inTime = true;
  const timer = setTimeout(() => {
    inTime = false;
    app.log.warn(`Requests still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); cutting their connections`);
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    if (app.server.listening) {
      await closeListenerWhenQuiet(app, Math.min(longestWaitForQuietMs, timeoutMs / 4));
      await new Promise((resolve) => setTimeout(resolve, Math.min(lateRequestGraceMs, timeoutMs / 4)));
    }
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return inTime;
}

/**
 * Closes the listening socket (only it: http.Server#close would also drop the connections that have not sent their
 * request yet) once no connection has arrived for `quietBeforeCloseMs`, or after `longestMs`. New requests wait
 * meanwhile and are let through once it is closed.
 */
async function closeListenerWhenQuiet(app: FastifyInstance, longestMs: number): Promise<void> {
  let release = () => {};
  app.lifecycle.parked = new Promise<void>((resolve) => (release = resolve));
  let lastConnection = Date.now();
  const onConnection = () => void (lastConnection = Date.now());
  app.server.on('connection', onConnection);
  const deadline = Date.now() + longestMs;
  try {
    for (;;) {
      const quietFor = Date.now() - lastConnection;
      if (quietFor >= quietBeforeCloseMs || Date.now() >= deadline) break;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(quietBeforeCloseMs - quietFor, deadline - Date.now())),
      );
    }
    net.Server.prototype.close.call(app.server);
  } finally {
    app.server.off('connection', onConnection);
    app.lifecycle.parked = null;
    release();
  }
}
