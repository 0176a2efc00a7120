/** Kysely's view of the rate-limit counters (migration 0056). */
export interface RateLimitTable {
  /** The limit's name and the counted key (a client, an address, a customer), e.g. `login:client:192.0.2.1`. */
  key: string;
  /** Points (attempts) used in the current window. */
  points: number;
  /** End of the window, epoch milliseconds; PostgreSQL's bigint arrives as text. Null: never ends. */
  expire: number | string | null;
}

export interface RateLimitDatabase {
  rate_limit: RateLimitTable;
}
