import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { until } from '../test/smtp-sink.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

const quiet = { error: () => {}, warn: () => {} };

describeEachDatabase(
  'job runner',
  (ctx) => {
    const k = () => ctx.db.kysely;
    const runners: JobRunner[] = [];
    const runner = (clock?: () => number) => {
      const made = createJobRunner({ db: k(), log: quiet, clock });
      runners.push(made);
      return made;
    };
    const stopAll = () => Promise.all(runners.splice(0).map((r) => r.stop()));

    it('runs a job in one of several processes at a time', async () => {
      let active = 0;
      let most = 0;
      let runs = 0;
      const job = {
        name: 'exclusive',
        everyMs: 5,
        run: async () => {
          most = Math.max(most, ++active);
          await new Promise((resolve) => setTimeout(resolve, 10));
          active--;
          runs++;
        },
      };
      const [a, b] = [runner(), runner()];
      a.register(job);
      b.register({ ...job });
      a.start();
      b.start();
      await until(() => runs >= 8);
      await stopAll();
      expect(most).toBe(1);
      const row = await k()
        .selectFrom('job_schedule')
        .selectAll()
        .where('name', '=', 'exclusive')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ locked_by: null, locked_until: null, last_error: null });
    });

    it('keeps the schedule across a restart: a new process waits for the next run', async () => {
      let clock = Date.parse('2026-01-15T09:00:00Z');
      let runs = 0;
      const hourly = { name: 'hourly', everyMs: 3_600_000, run: async () => void runs++ };
      const first = runner(() => clock);
      first.register(hourly);
      first.start();
      await until(() => runs === 1);
      await stopAll();

      clock += 60_000;
      let ticks = 0;
      const second = runner(() => clock);
      second.register({ ...hourly });
      second.register({ name: 'marker', everyMs: 5, concurrency: 'each', run: async () => void ticks++ });
      second.start();
      await until(() => ticks >= 3);
      expect(runs, 'not due yet after the restart').toBe(1);
      await stopAll();

      clock += 3_600_000;
      const third = runner(() => clock);
      third.register({ ...hourly });
      third.start();
      await until(() => runs === 2);
      await stopAll();
    });

    it('takes over a job whose holder died once the claim lapsed', async () => {
      const now = Date.now();
      await k()
        .insertInto('job_schedule')
        .values({
          name: 'orphan',
          next_run_at: new Date(now - 1000).toISOString(),
          locked_by: 'dead',
          locked_until: new Date(now - 1).toISOString(),
        })
        .execute();
      let ran = false;
      const r = runner();
      r.register({ name: 'orphan', everyMs: 60_000, run: async () => void (ran = true) });
      r.start();
      await until(() => ran);
      await stopAll();
    });

    it('stop asks a running job to end, waits for it and releases its claim; a failure is recorded', async () => {
      let started = false;
      let ended = false;
      const r = runner();
      r.register({
        name: 'long',
        everyMs: 60_000,
        run: async (signal) => {
          started = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          ended = true;
          throw new Error('handed back');
        },
      });
      r.start();
      await until(() => started);
      await r.stop();
      expect(ended).toBe(true);
      const row = await k().selectFrom('job_schedule').selectAll().where('name', '=', 'long').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ locked_by: null, locked_until: null, last_error: 'handed back' });
      expect(() => r.register({ name: 'long', everyMs: 1, run: async () => {} })).toThrow(/registered already/);
    });
  },
  { seed: false },
);
