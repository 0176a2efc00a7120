import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restoreSqlite } from './sqlite-backup.ts';

/**
 * `npm run restore -w api -- <backup file>`: replaces the SQLite database (DATABASE_FILE) with the backup. Stop
 * the API first; the database as it was is kept next to it (`….before-restore-<UTC time>`).
 */
const config = loadConfig(process.env);
if (config.database.dialect !== 'sqlite') {
  console.error('DATABASE_URL points to PostgreSQL: restore it with pg_restore (docs/operations.md)');
  process.exit(1);
}
const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -w api -- <backup file>   (stop the API first)');
  process.exit(1);
}
try {
  const previous = await restoreSqlite(path.resolve(process.cwd(), backup), config.database.file);
  console.log(
    `${config.database.file} restored from ${backup}${previous ? `; the database as it was is kept at ${previous}` : ''}`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
