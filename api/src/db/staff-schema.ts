import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely's view of the back office's tables (migrations 0081–0089): staff accounts, their sessions and setup
 * links, the audit log, the school's identity, operator text edits and the seed marker. Instants are ISO-8601
 * UTC text.
 */
export interface StaffDatabase {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  staff_setup_token: StaffSetupTokenTable;
  audit_log: AuditLogTable;
  school_identity: SchoolIdentityTable;
  seed_marker: { name: string; seeded_at: string };
  translation_override: TranslationOverrideTable;
}

/** An operator's text (0083): shown instead of the shipped `translation` value of the same key and language. */
export interface TranslationOverrideTable {
  slug: string;
  language: string;
  value: string;
  updated_at: string;
  staff_id: number | null;
  /** The shipped text the edit was made over (0119); null for edits from before. */
  shipped_value: string | null;
}

/** One row, id 1 (0082_school_identity); optional values are '' when not given. */
export interface SchoolIdentityTable {
  id: number;
  name: string;
  postal_address: string;
  email: string;
  phone: string;
  vat_id: string;
  vat_exemption_note: string;
  logo_url: string;
  website_url: string;
  imprint_url: string;
  privacy_url: string;
  terms_url: string;
  withdrawal_url: string;
  contact_url: string;
  /** 1: the demo school seeded in development (the shop shows it as a test shop anyway). */
  demo: number;
  updated_at: string;
}

export type StaffRole = 'owner' | 'staff';

export interface StaffTable {
  id: Generated<number>;
  email: string;
  role: StaffRole;
  /** argon2id; null until the setup link was used. */
  password_hash: string | null;
  /** Base32 TOTP secret; set when enrolment starts, trusted once `totp_enrolled_at` is set. */
  totp_secret: string | null;
  totp_enrolled_at: string | null;
  /** The last time step a code was accepted for: a code is never accepted twice. bigint in PostgreSQL. */
  totp_last_step: ColumnType<number | string | null, number | null, number | null>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  disabled_at: string | null;
}

export interface StaffSessionTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  /** Moves on with each call; the session ends 30 minutes after it (idle). */
  last_seen_at: string;
  /** The absolute end (12 hours after the login), whatever the activity. */
  expires_at: string;
}

export interface StaffSetupTokenTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** null for changes not made by a staff account (the command line). */
  staff_id: number | null;
  /** The staff member's e-mail address, or `cli`: kept as text so the log outlives the account. */
  actor: string;
  /** The operationId of the change (`updateSchoolIdentity`), or a command-line action (`cli:addStaff`). */
  action: string;
  entity_type: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
}
