import fs from 'node:fs';
import path from 'node:path';
import { logLinesWithSecrets } from '../../api/src/http/scrub.ts';

/**
 * Global teardown: the API processes of the run wrote their logs to E2E_API_LOG_DIR (playwright.config.ts); after
 * every journey (registrations, logins, resets, payments) none of them may hold a secret or a full e-mail address.
 */
export default function checkApiLogs(): void {
  const folder = process.env.E2E_API_LOG_DIR;
  if (!folder) return;
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.log'));
  const lines = files.flatMap((name) => fs.readFileSync(path.join(folder, name), 'utf8').split('\n').filter(Boolean));
  if (lines.length === 0) throw new Error(`No API log lines in ${folder}: the log check saw nothing`);
  const leaks = logLinesWithSecrets(lines.join('\n'));
  if (leaks.length > 0)
    throw new Error(`The API logged secrets in ${leaks.length} line(s), e.g.:\n${leaks.slice(0, 5).join('\n')}`);
  console.log(`API logs checked: ${lines.length} lines in ${files.length} files, no secrets`);
}
