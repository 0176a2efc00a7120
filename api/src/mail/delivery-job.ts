import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobDefinition } from '../jobs/runner.ts';
import { deliverDueMails, type RetryPolicy } from './delivery.ts';
import type { Mailer } from './mailer.ts';

/**
 * Mail delivery as a job. Every process runs it (`each`): the messages themselves are claimed one by one, so
 * several processes share the queue without sending one twice, and one stalled server does not stop the others.
 */
export function mailDeliveryJob(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  workerId: string;
  everyMs: number;
  retry?: RetryPolicy;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): JobDefinition {
  const { log, everyMs, ...delivery } = options;
  return {
    name: 'mail-delivery',
    everyMs,
    concurrency: 'each',
    async run(signal) {
      await deliverDueMails({
        ...delivery,
        signal,
        // The transport's code and the message's row, never the address (a transport's message may quote it).
        onFailure: ({ id, attempts, permanent, error }) => {
          const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
          const fields = {
            event: permanent ? 'mail_failed' : 'mail_retry',
            outboxId: id,
            attempts,
            code,
            responseCode,
          };
          if (permanent)
            log.error(fields, `Mail ${id} failed for good after ${attempts} attempt(s); see failedMails()`);
          else log.warn(fields, `Mail ${id} not delivered (attempt ${attempts}); retrying later`);
        },
      });
    },
  };
}
