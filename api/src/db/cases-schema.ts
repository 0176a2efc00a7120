/** Tables of cases and notices to the school (0113_cases_refunds_notices), merged into `Database` in schema.ts. */

/** What became of a withdrawal declaration (the declaration itself stays append-only). */
export interface WithdrawalDecisionTable {
  declaration_id: number;
  order_id: number | null;
  /** withdrawn, review or awaiting_confirmation (WithdrawalOutcome). */
  outcome: string;
  /** Why the school has to decide (WithdrawalReviewReason); null otherwise. */
  reason: string | null;
  decided_at: string;
}

/** One row, id 1: which notices the school gets, and where ('' : the school identity's address). */
export interface SchoolNoticeSettingsTable {
  id: number;
  recipient: string;
  order_paid: number;
  withdrawal: number;
  new_case: number;
  daily_digest: number;
  updated_at: string;
}

/** One row per day whose digest went out: the primary key lets exactly one process claim a day. */
export interface SchoolNoticeDigestTable {
  day: string;
  sent_at: string;
}

export interface CasesDatabase {
  withdrawal_decision: WithdrawalDecisionTable;
  school_notice_settings: SchoolNoticeSettingsTable;
  school_notice_digest: SchoolNoticeDigestTable;
}
