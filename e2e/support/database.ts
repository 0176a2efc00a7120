import Database from 'better-sqlite3';

/**
 * The SQLite file of the API the journeys run against (playwright.config.ts chooses it), for the few facts a
 * journey cannot bring about through the shop in reasonable time, such as a payment hold running out.
 */
export function withShopDatabase<T>(use: (db: Database.Database) => T): T {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set (playwright.config.ts sets it)');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}
