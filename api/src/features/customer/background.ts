import type { FastifyBaseLogger } from 'fastify';

/** The background tasks still running (inBackground). */
const backgroundTasks = new Set<Promise<void>>();

/**
 * Work whose duration must not show in the answer (does this address have an account?): the answer goes out
 * at once, and a failure is only logged.
 */
export function inBackground(log: FastifyBaseLogger, task: () => Promise<void>): void {
  const running: Promise<void> = task()
    .catch((error: unknown) => log.error({ err: error }, 'background mail task failed'))
    .finally(() => backgroundTasks.delete(running));
  backgroundTasks.add(running);
}

/**
 * Resolves once the background work of the answers given so far is done. For callers in the same process (the
 * hostile-input probe's test): the work starts with a password hash, long before its first write, so waiting for
 * the tables to stay unchanged for a moment does not tell that it is over.
 */
export async function backgroundTasksDone(): Promise<void> {
  while (backgroundTasks.size > 0) await Promise.all(backgroundTasks);
}
