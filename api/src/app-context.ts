import type { Db } from './db/database.ts';

/** What route plugins need from the outside world, injected so tests control it (database, clock). */
export interface AppContext {
  db: Db;
  /** The current instant; tests pass a fixed one so "today" and seeded dates are reproducible. */
  now: () => Date;
}
