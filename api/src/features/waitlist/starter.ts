import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { runWaitlistOffers, type WaitlistRun } from './offers.ts';

export interface WaitlistJobOptions {
  ctx: AppContext;
  everyMs: number;
  log: FastifyBaseLogger;
  /** Called after a run that offered or expired something (cached free places are stale then). */
  onPlacesChanged: (run: WaitlistRun) => void;
}

/**
 * The waitlist as a job of the job runner (jobs/runner.ts, docs/decisions/0008-outbox-and-jobs.md): every
 * `everyMs`, one process at a time. runWaitlistOffers is safe under concurrency anyway (conditional inserts), so a
 * lapsed claim that lets two processes run it at once offers no place twice.
 */
export function waitlistOffersJob({ ctx, everyMs, log, onPlacesChanged }: WaitlistJobOptions): JobDefinition {
  return {
    name: 'waitlist-offers',
    everyMs,
    async run() {
      const result = await runWaitlistOffers(ctx);
      if (result.offered > 0 || result.expired > 0) {
        log.info(
          { event: 'waitlist_run', ...result },
          `Waitlist: ${result.offered} places offered, ${result.expired} offers expired`,
        );
        onPlacesChanged(result);
      }
    },
  };
}
