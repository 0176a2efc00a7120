import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * How far background work is behind, in seconds, per job (for the metrics' "job lag"): how long a job has been due
 * without having started (0 while on time or running), and for `mail-delivery` how long the oldest due mail waits.
 */
export async function jobLagSeconds(db: Kysely<Database>, now: Date): Promise<Record<string, number>> {
  const at = now.toISOString();
  const lag = (since: string) => Math.max(0, (now.getTime() - Date.parse(since)) / 1000);
  const lags: Record<string, number> = {};
  for (const job of await db.selectFrom('job_schedule').select(['name', 'next_run_at', 'locked_until']).execute()) {
    lags[job.name] = job.locked_until && job.locked_until > at ? 0 : lag(job.next_run_at);
  }
  const oldest = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('due'))
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .executeTakeFirst();
  lags['mail-delivery'] = oldest?.due ? lag(oldest.due) : 0;
  return lags;
}
