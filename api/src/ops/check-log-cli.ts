import fs from 'node:fs';
import { logLinesWithSecrets } from '../http/scrub.ts';

/**
 * `npm run check-log -w api -- <log file>…`: fails, naming the lines, when a log holds anything the logger should
 * have removed or masked (a full e-mail address, a token in a link, credentials, a card number).
 */
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run check-log -w api -- <log file>…');
  process.exit(1);
}
let found = 0;
for (const file of files) {
  const lines = logLinesWithSecrets(fs.readFileSync(file, 'utf8'));
  found += lines.length;
  for (const line of lines.slice(0, 20)) console.error(`${file}: ${line.slice(0, 300)}`);
}
console.log(found === 0 ? `No secrets in ${files.join(', ')}` : `${found} log line(s) with secrets`);
process.exit(found === 0 ? 0 : 1);
