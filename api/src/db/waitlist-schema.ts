import type { Generated } from 'kysely';

/** Where a waitlist entry stands (migration 0060). */
export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'expired' | 'left';

/** Kysely's view of the waitlist (migration 0060). */
export interface WaitlistEntryTable {
  id: Generated<number>;
  course_id: number;
  /** Normalised address. */
  email: string;
  customer_id: number | null;
  /** The language its mails are written in. */
  locale: string;
  status: WaitlistStatus;
  leave_token_hash: string;
  offer_token_hash: string | null;
  /** ISO-8601 UTC; set while (and after) an offer holds a place. */
  offer_expires_at: string | null;
  created_at: string;
  ended_at: string | null;
}

export interface WaitlistDatabase {
  waitlist_entry: WaitlistEntryTable;
}
