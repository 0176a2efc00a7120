import type { FastifyInstance } from 'fastify';

export interface GracefulStopOptions {
  /** SHUTDOWN_TIMEOUT_MS: how long requests in flight may take to finish before their connections are cut. */
  timeoutMs: number;
}

/**
 * Stops the app the way a deploy needs it (docs/decisions/0010-operations.md): the listening socket closes at
 * once (new connections are refused, so a proxy tries the other process), requests in flight finish, and only
 * then the app's onClose hooks run: background work stops (a run in progress is awaited) and the rate-limit
 * store closes. Requests still running after `timeoutMs` have their connections cut, so a hung request cannot
 * keep an old process alive through a deploy. The caller closes the database afterwards.
 * Resolves `true` when everything finished in time, `false` when connections had to be cut.
 */
export async function gracefulStop(app: FastifyInstance, { timeoutMs }: GracefulStopOptions): Promise<boolean> {
  let inTime = true;
  const timer = setTimeout(() => {
    inTime = false;
    app.log.warn(`Requests still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); cutting their connections`);
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return inTime;
}
