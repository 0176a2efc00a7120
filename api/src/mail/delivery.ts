import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { openMailFailedCase } from '../features/cases/mail-cases.ts';
import { parseAttachments, resolveAttachments } from './attachments.ts';
import type { Mailer } from './mailer.ts';

/** How the delivery job retries (MAIL_* settings, docs/decisions/0008-outbox-and-jobs.md). */
export interface RetryPolicy {
  /** Attempts before a message is marked failed (MAIL_MAX_ATTEMPTS, 12). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubles with each further one (MAIL_RETRY_BASE_MS, 30 s). */
  baseDelayMs: number;
  /** The longest wait between two attempts (MAIL_RETRY_MAX_MS, 1 h). */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 12, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };

/** The wait before the next attempt after `attempts` failed ones: base, 2 × base, 4 × base, … up to the maximum. */
export function retryDelayMs(attempts: number, { baseDelayMs, maxDelayMs }: RetryPolicy): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * An SMTP answer in the 5xx range (mailbox unknown, message refused) will not change on retry; 4xx answers,
 * refused connections and timeouts may.
 */
export function isPermanentFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** What the operator sees of a failure: the transport's code and answer, never the recipient. */
function describeFailure(error: unknown, recipient: string): string {
  const { code, responseCode, message } = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const text = [code, responseCode, typeof message === 'string' ? message : String(error)]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  return text.replaceAll(recipient, '<recipient>').slice(0, 500);
}

export interface DeliveryOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The claimant's id (the job runner's workerId). */
  workerId: string;
  retry?: RetryPolicy;
  /** How long a claim holds: a worker that died mid-send leaves its messages to others after this (2 min). */
  claimMs?: number;
  /** Wall clock. */
  clock?: () => number;
  /** Messages looked at per query. */
  batchSize?: number;
  signal?: AbortSignal;
  /** Failures worth a log line (never with the address). */
  onFailure?: (failure: { id: number; attempts: number; permanent: boolean; error: unknown }) => void;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Delivers the due messages of the outbox. Each is first claimed by a conditional update (queued and due, or a
 * claim that lapsed), so of several workers exactly one gets it; then sent once; then marked sent, requeued with a
 * growing wait, or marked failed — for good after an SMTP 5xx answer or `maxAttempts` attempts. Stops between two
 * messages when `signal` aborts: the rest stay queued for the next run.
 */
export async function deliverDueMails({
  db,
  mailer,
  workerId,
  retry = defaultRetryPolicy,
  claimMs = 120_000,
  clock = Date.now,
  batchSize = 50,
  signal,
  onFailure = () => {},
}: DeliveryOptions): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    if (signal?.aborted) return result;
    const now = new Date(clock()).toISOString();
    const due = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
        ]),
      )
      .orderBy('id')
      .limit(batchSize)
      .execute();
    let claimedAny = false;
    for (const { id } of due) {
      if (signal?.aborted) return result;
      const outcome = await deliverOne(id);
      if (outcome === 'taken') continue;
      claimedAny = true;
      result[outcome]++;
    }
    // A batch that other workers took entirely is no reason to stop; one where this worker got nothing is.
    if (due.length < batchSize || !claimedAny) return result;
  }

  async function deliverOne(id: number): Promise<'sent' | 'retried' | 'failed' | 'taken'> {
    const claimedAt = clock();
    const now = new Date(claimedAt).toISOString();
    const claim = await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        claimed_by: workerId,
        claimed_until: new Date(claimedAt + claimMs).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
        ]),
      )
      .executeTakeFirst();
    if (claim.numUpdatedRows !== 1n) return 'taken';
    const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mine = db
      .updateTable('mail_outbox')
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'sending');
    try {
      // References (an invoice's PDF) become files now; one not rendered yet is rendered first, so the mail is not
      // held back by the rendering job (docs/decisions/0133-invoice-pdfs-rendered-by-job.md).
      const attachments = await resolveAttachments(db, parseAttachments(row.attachments));
      await mailer.deliver({
        messageId: row.message_id,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (error) {
      const permanent = isPermanentFailure(error) || row.attempts >= retry.maxAttempts;
      onFailure({ id, attempts: row.attempts, permanent, error });
      const lastError = describeFailure(error, row.recipient);
      if (permanent) {
        await mine.set({ status: 'failed', claimed_by: null, claimed_until: null, last_error: lastError }).execute();
        // A person has to look at it: a case (once per mail; the case sweep opens it should this stop here).
        await openMailFailedCase(db, id, new Date(clock()));
        return 'failed';
      }
      const next = new Date(clock() + retryDelayMs(row.attempts, retry)).toISOString();
      await mine
        .set({ status: 'queued', claimed_by: null, claimed_until: null, next_attempt_at: next, last_error: lastError })
        .execute();
      return 'retried';
    }
    const sentAt = new Date(clock()).toISOString();
    // A mail whose address must not be kept (the level-test result) keeps only its bookkeeping once out; the dev
    // outbox is the mailbox itself, so there it stays readable.
    const erase =
      row.erase_after_send === 1 && !mailer.usesOutbox
        ? { recipient: '', subject: '', text: '', html: '', attachments: null }
        : {};
    await mine
      .set({ status: 'sent', sent_at: sentAt, claimed_by: null, claimed_until: null, last_error: null, ...erase })
      .execute();
    return 'sent';
  }
}
