import type { Generated } from 'kysely';

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Kysely's view of the mail outbox and the job schedule (migration 0057). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** Stable for the message's whole life: its Message-ID header, so a receiver can recognise a repeat. */
  message_id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON of the files sent along (the order confirmation's .ics); null when none. */
  attachments: string | null;
  /** 1: recipient and content are blanked once delivered (the level-test result mail keeps no address). */
  erase_after_send: Generated<number>;
  status: Generated<OutboxStatus>;
  /** Delivery attempts begun so far. */
  attempts: Generated<number>;
  /** ISO instant from which a queued message may be (re)tried. */
  next_attempt_at: string;
  /** The worker that claimed it, and until when the claim holds (after that another worker may take it). */
  claimed_by: string | null;
  claimed_until: string | null;
  /** The last failure, without the recipient. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface JobScheduleTable {
  name: string;
  next_run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}

export interface OutboxDatabase {
  mail_outbox: MailOutboxTable;
  job_schedule: JobScheduleTable;
}
