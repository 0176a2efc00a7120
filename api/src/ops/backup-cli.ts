import path from 'node:path';
import { apiRoot, loadConfig } from '../config.ts';
import { backupFileName, backupSqlite } from './sqlite-backup.ts';

/**
 * `npm run backup -w api [-- <target file>]`: an online backup of the SQLite database (DATABASE_FILE) while the
 * shop runs; by default to `api/data/backups/shop-<UTC time>.sqlite`.
 */
const config = loadConfig(process.env);
if (config.database.dialect !== 'sqlite') {
  console.error('DATABASE_URL points to PostgreSQL: back it up with pg_dump (docs/operations.md)');
  process.exit(1);
}
if (config.database.file === ':memory:') {
  console.error('DATABASE_FILE is :memory:, there is nothing on disk to back up');
  process.exit(1);
}
const target = path.resolve(
  process.cwd(),
  process.argv[2] ?? path.join(apiRoot, 'data', 'backups', backupFileName(new Date())),
);
try {
  const bytes = await backupSqlite(config.database.file, target);
  console.log(`Backup of ${config.database.file} written to ${target} (${bytes} bytes)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
