import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The one mechanism for background work (docs/decisions/0008-outbox-and-jobs.md): periodic jobs whose schedule
 * lives in the database (`job_schedule`), so that with several API processes one of them runs a job at a time,
 * and a restart neither loses nor repeats a due run.
 */
export interface JobDefinition {
  /** Unique; the key of the job's row. */
  name: string;
  /** Milliseconds from the end of one run to the next. */
  everyMs: number;
  /**
   * The work. It should watch `signal`: when the process stops, it ends after the unit in hand and leaves the
   * rest for the next run (of this or another process). Throwing is logged; the next run comes as scheduled.
   */
  run(signal: AbortSignal): Promise<void>;
  /**
   * `one` (default): one process at a time, claimed through the job's row (a crashed holder's claim lapses after
   * `leaseMs`). `each`: every process runs it on its own schedule — for work that claims its own rows (mail).
   */
  concurrency?: 'one' | 'each';
  /** How long a claim holds without being renewed (renewed every third of it while the run lasts); 30 s. */
  leaseMs?: number;
}

export interface JobRunner {
  /** Adds a job; jobs registered after `start` begin at once. */
  register(job: JobDefinition): void;
  start(): void;
  /** Stops scheduling, asks running jobs to end (their signal) and waits for them; claims are released. */
  stop(): Promise<void>;
  /** This process's id in claims (`locked_by`, `claimed_by`). */
  readonly workerId: string;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Wall clock for schedules and claims (not the shop's `now`, which tests may fix). */
  clock?: () => number;
  /** This process's id in claims; host, pid and a random part by default. */
  workerId?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** A random tenth of the period, so that processes do not poll in step. */
const jitter = (job: JobDefinition) => Math.random() * job.everyMs * 0.1;

export function createJobRunner({
  db,
  log,
  clock = Date.now,
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
}: JobRunnerOptions): JobRunner {
  const jobs: JobDefinition[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let started = false;

  const schedule = (job: JobDefinition, delayMs: number) => {
    if (abort.signal.aborted) return;
    const timer = setTimeout(
      () => {
        const run = tick(job)
          .catch((error: unknown) =>
            log.error({ err: error, job: job.name }, `Job ${job.name}: scheduling failed; trying again`),
          )
          .then((nextDelay) => schedule(job, nextDelay ?? job.everyMs))
          .finally(() => running.delete(run));
        running.add(run);
      },
      Math.max(0, delayMs),
    );
    // Jobs alone must not keep a process alive that is otherwise done.
    timer.unref();
    timers.set(job.name, timer);
  };

  /** One attempt at running the job; resolves with the delay until the next attempt. */
  const tick = async (job: JobDefinition): Promise<number> => {
    if (job.concurrency === 'each') {
      await runGuarded(job);
      return job.everyMs;
    }
    const leaseMs = job.leaseMs ?? 30_000;
    const now = clock();
    // Read first: a job not due costs no write (on SQLite every write takes the database's one write lock).
    const row = await db
      .selectFrom('job_schedule')
      .select(['next_run_at', 'locked_until'])
      .where('name', '=', job.name)
      .executeTakeFirst();
    if (!row) {
      await db
        .insertInto('job_schedule')
        .values({ name: job.name, next_run_at: iso(now) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    } else {
      const dueAt = Math.max(Date.parse(row.next_run_at), row.locked_until ? Date.parse(row.locked_until) : 0);
      if (dueAt > now) return Math.min(job.everyMs, dueAt - now) + jitter(job);
    }
    // The claim: only one process finds the job due and unclaimed (or its claim lapsed).
    const claimed = await db
      .updateTable('job_schedule')
      .set({ locked_by: workerId, locked_until: iso(now + leaseMs), last_started_at: iso(now) })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', iso(now))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso(now))]))
      .executeTakeFirst();
    // Another process was quicker: it runs now, and this one looks again a period later.
    if (claimed.numUpdatedRows !== 1n) return job.everyMs + jitter(job);
    const renew = setInterval(() => {
      void db
        .updateTable('job_schedule')
        .set({ locked_until: iso(clock() + leaseMs) })
        .where('name', '=', job.name)
        .where('locked_by', '=', workerId)
        .execute()
        .catch((error: unknown) =>
          log.warn({ err: error, job: job.name }, `Job ${job.name}: renewing its claim failed`),
        );
    }, leaseMs / 3);
    renew.unref();
    let failure: string | null = null;
    try {
      failure = await runGuarded(job);
    } finally {
      clearInterval(renew);
      const finished = clock();
      await db
        .updateTable('job_schedule')
        .set({
          next_run_at: iso(finished + job.everyMs),
          locked_by: null,
          locked_until: null,
          last_finished_at: iso(finished),
          last_error: failure,
        })
        .where('name', '=', job.name)
        .where('locked_by', '=', workerId)
        .execute();
    }
    return job.everyMs;
  };

  /** Runs the job's work; a failure is logged and returned as text, never thrown. */
  const runGuarded = async (job: JobDefinition): Promise<string | null> => {
    try {
      await job.run(abort.signal);
      return null;
    } catch (error) {
      log.error({ err: error, job: job.name }, `Job ${job.name} failed; it runs again at its next time`);
      return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    }
  };

  return {
    workerId,
    register(job) {
      if (jobs.some((known) => known.name === job.name))
        throw new Error(`A job named ${job.name} is registered already`);
      if (!(job.everyMs > 0)) throw new Error(`Job ${job.name}: everyMs must be positive`);
      jobs.push(job);
      if (started) schedule(job, 0);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs) schedule(job, 0);
    },
    async stop() {
      abort.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      // A run in progress ends its unit in hand; its claim is released as it finishes.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
