import type { Generated } from 'kysely';

/** Kysely's view of the privacy tables (migration 0100, docs/privacy.md). */
export interface PrivacyLinkTable {
  id: Generated<number>;
  /** A guest's proof of the address: the link's token, kept hashed. */
  token_hash: string;
  /** The normalised address the link was mailed to. */
  email: string;
  locale: string;
  created_at: string;
  /** ISO-8601 UTC. */
  expires_at: string;
  /** Set when the data tied to the address was deleted through the link; the link then shows nothing more. */
  used_at: string | null;
}

export interface PrivacyDatabase {
  privacy_link: PrivacyLinkTable;
}
