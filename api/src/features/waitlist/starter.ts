import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { runWaitlistOffers, type WaitlistRun } from './offers.ts';

export interface WaitlistStarterOptions {
  ctx: AppContext;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Called after a run that offered or expired something (cached free places are stale then). */
  onPlacesChanged: (run: WaitlistRun) => void;
}

/**
 * Runs the waitlist at once and then every `intervalMs` (never two runs of one process at a time) until stopped;
 * `stop` waits for a run in progress. A failing run is logged and the next one tries again. Every process may
 * run it: runWaitlistOffers is safe under concurrency.
 */
export function startWaitlistOffers({ ctx, intervalMs, log, onPlacesChanged }: WaitlistStarterOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const result = await runWaitlistOffers(ctx, log);
      if (result.offered > 0 || result.expired > 0) {
        log.info({ event: 'waitlist_run', ...result }, `Waitlist: ${result.offered} places offered, ${result.expired} offers expired`);
        onPlacesChanged(result);
      }
    } catch (error) {
      log.error({ err: error }, 'Waitlist run failed; trying again at the next interval');
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = run().finally(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, delay);
    // The waitlist alone must not keep a process alive that is otherwise done.
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
