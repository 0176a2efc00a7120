import { expect, it } from 'vitest';
import { queueMail } from '../src/mail/outbox.ts';
import { describeEachDatabase, testNow } from '../src/test/databases.ts';
import { changedTables, fingerprinter } from './fingerprint.ts';

/**
 * The probe's snapshot sees what a request writes, and not what background work writes later on its own: a mail's
 * delivery and erasure, the job runner's schedule. Otherwise a rejected request answered while the delivery job
 * ran was blamed for the job's writes (PROBE_SEED=4242 PROBE_RANDOM=150 failed so).
 */
describeEachDatabase('the probe fingerprint', (ctx) => {
  it("ignores a mail's delivery and the job schedule, and sees a newly queued mail", async () => {
    const fingerprint = await fingerprinter(ctx.db);
    await queueMail(ctx.db, { to: 'probe@example.org', subject: 'Probe', text: 'Hallo', html: '<p>Hallo</p>' });
    const queued = await fingerprint();

    await ctx.db.kysely
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        attempts: 1,
        sent_at: testNow.toISOString(),
        claimed_by: 'worker',
        recipient: '',
        subject: '',
        text: '',
        html: '',
      })
      .execute();
    await ctx.db.kysely
      .insertInto('job_schedule')
      .values({ name: 'probe-fingerprint', next_run_at: testNow.toISOString(), locked_by: 'worker' })
      .execute();
    const delivered = await fingerprint();
    expect(changedTables(queued, delivered)).toEqual([]);

    await queueMail(ctx.db, { to: 'probe@example.org', subject: 'Noch eine', text: 'Hallo', html: '<p>Hallo</p>' });
    expect(changedTables(delivered, await fingerprint())).toEqual(['mail_outbox']);
  });
});
