import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { withStartupLock } from '../../db/startup.ts';
import { backofficeUrlFromEnv } from './config.ts';
import { runStaffCli } from './cli-commands.ts';

/**
 * `npm run staff -w api -- add <email> --role owner|staff [--password-stdin]` (docs/backoffice.md): creates a staff
 * account on the database the API uses (DATABASE_URL or DATABASE_FILE), migrating it first if needed.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let backofficeUrl: string;
let db;
try {
  backofficeUrl = backofficeUrlFromEnv(process.env);
  db = createDatabase(loadConfig(process.env).database);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
try {
  await withStartupLock(db, () => migrateToLatest(db));
  process.exitCode = await runStaffCli(process.argv.slice(2), {
    db,
    now: () => new Date(),
    backofficeUrl,
    readStdin,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`The staff command failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
