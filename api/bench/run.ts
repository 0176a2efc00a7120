/**
 * `npm run bench:api`: runs every scenario in ./scenarios (alphabetically, one after the other so they do not
 * compete for the 2 cores) and prints its figures. A scenario module default-exports
 * `{ name: string, run(): Promise<void> }`; it starts what it needs on loopback and stops it again.
 * `npm run bench:api -- <name-part>` runs only the scenarios whose file name contains it.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Scenario {
  name: string;
  run: () => Promise<void>;
}

const folder = fileURLToPath(new URL('./scenarios/', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file.includes(filter))
  .sort();

for (const file of files) {
  const scenario = ((await import(pathToFileURL(`${folder}${file}`).href)) as { default: Scenario }).default;
  console.log(`\n=== ${scenario.name} (${file})`);
  await scenario.run();
}
if (files.length === 0) console.log('No benchmark scenario matched.');
