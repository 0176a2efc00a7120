import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RateLimitStore } from '../rate-limit/store.ts';
import { deleteEndedStaffRecords } from '../features/staff/sessions.ts';
import { deleteExpiredRecords } from './cleanup.ts';
import type { JobDefinition } from './runner.ts';

/** The cleanup as a job: expired records (cleanup.ts) and the rate-limit counters whose window has ended. */
export function cleanupJob({
  db,
  now,
  everyMs,
  rateLimitStore,
  log,
}: {
  db: Kysely<Database>;
  now: () => Date;
  everyMs: number;
  rateLimitStore: RateLimitStore;
  log: Pick<FastifyBaseLogger, 'info'>;
}): JobDefinition {
  return {
    name: 'cleanup-expired',
    everyMs,
    async run() {
      const deleted = {
        ...(await deleteExpiredRecords(db, now())),
        ...(await deleteEndedStaffRecords(db, now())),
        rateLimitCounters: await rateLimitStore.deleteExpired(),
      };
      if (Object.values(deleted).some((count) => count > 0))
        log.info({ event: 'cleanup', deleted }, 'Expired records deleted');
    },
  };
}
