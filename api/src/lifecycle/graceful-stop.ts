import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the app is stopping (`/api/ready` answers 503 from then on). */
    lifecycle: { stopping: boolean };
  }
}

/** The app's stop state, set by gracefulStop and by any `app.close()`. */
export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { stopping: false });
  app.addHook('preClose', async () => {
    app.lifecycle.stopping = true;
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
      // Only the listener: http.Server#close would also drop the connections that have not sent their request yet.
      net.Server.prototype.close.call(app.server);
      await new Promise((resolve) => setTimeout(resolve, Math.min(lateRequestGraceMs, timeoutMs / 4)));
    }
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return inTime;
}
