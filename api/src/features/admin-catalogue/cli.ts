import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { runCatalogueCli } from './cli-commands.ts';

/**
 * `npm run catalogue -w api -- import <dir> [--dry-run]` and `… export <dir>` (docs/backoffice.md#import-and-export),
 * on the database the API uses (DATABASE_URL or DATABASE_FILE), migrating it first if needed.
 */
// npm runs the script in api/: a relative folder means one relative to where the command was typed (INIT_CWD).
const args = process.argv.slice(2);
const base = process.env.INIT_CWD ?? process.cwd();
if (args[1] && !isAbsolute(args[1])) args[1] = resolve(base, args[1]);

let db;
try {
  db = createDatabase(loadConfig(process.env).database);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
try {
  await migrateToLatest(db);
  process.exitCode = await runCatalogueCli(args, {
    db,
    now: () => new Date(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`The catalogue command failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
