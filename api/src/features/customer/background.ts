import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { type CustomerRow, findCustomerByEmail } from './customers.ts';

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

/**
 * The task that mails something to the account of `email`, in one transaction with what `send` writes (a link's
 * token); none when the address has no account. Run after the answer, so that its timing tells nobody either.
 */
export function mailToAccountTask(
  ctx: AppContext,
  email: string,
  send: (tx: Db, customer: CustomerRow) => Promise<void>,
): () => Promise<void> {
  return async () => {
    const customer = await findCustomerByEmail(ctx.db, email);
    if (!customer) return;
    await inTransaction(ctx.db, (tx) => send(tx, customer));
  };
}
