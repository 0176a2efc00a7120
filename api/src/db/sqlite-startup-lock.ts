import SqliteDatabase from 'better-sqlite3';

/**
 * Runs `work` while holding the write lock of a small SQLite file of its own (`<database>.startup-lock`): the
 * SQLite counterpart of the PostgreSQL advisory lock in startup.ts. Several processes starting at once on one new
 * database file raced through the migrations (one failed with "table already exists" and exited). The lock is
 * the operating system's file lock, so a process that dies releases it. Waiting polls every `pollMs` instead of
 * SQLite's busy handler, which would block the event loop.
 */
export async function withSqliteStartupLock<T>(
  databaseFile: string,
  work: () => Promise<T>,
  { pollMs = 50 }: { pollMs?: number } = {},
): Promise<T> {
  const lock = new SqliteDatabase(`${databaseFile}.startup-lock`);
  try {
    lock.pragma('busy_timeout = 0');
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
