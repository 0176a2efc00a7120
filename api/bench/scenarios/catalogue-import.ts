/**
 * The catalogue import (`npm run catalogue -- import`, importCatalogue) with 2,000 courses, on SQLite and PostgreSQL:
 * a dry run and an import of 2,000 new courses, the same of 2,000 changed ones (every price and start date), and the
 * re-import of the unchanged export. Meanwhile the shop's listing (GET /api/course/search, its cache off) is asked
 * every 50 ms from another process, as a visitor would, and its answers are timed. Aim (docs/backoffice.md): each
 * dry run and import under 10 s on this 2-core machine, and the listing keeps answering.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, inTransaction, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seed } from '../../src/db/seed/index.ts';
import { exportCatalogue, importCatalogue } from '../../src/features/admin-catalogue/catalogue-import.ts';
import { csvColumns, parseCsv, toCsv } from '../../src/features/admin-catalogue/csv-format.ts';
import { addDays, isoDateInZone } from '../../src/lib/dates.ts';
import { insertStaff } from '../../src/features/staff/accounts.ts';
import { openStaffSession } from '../../src/features/staff/sessions.ts';
import { startTemporaryPostgres } from '../../src/test/temporary-postgres.ts';
import { generateCourses } from '../support/generate-catalog.ts';
import { startServer } from '../support/load.ts';

const courses = 2000;
const aimSeconds = 10;

/** The listing asked from a process of its own (support/probe-listing.ts) until stopped; its answers' timing. */
function probe(url: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../support/probe-listing.ts', import.meta.url)), url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped: Promise<{ answers: number; failures: number; p50: number; p99: number; max: number }> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        child.kill('SIGTERM');
        await exited;
        return JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
      })();
      return stopped;
    },
  };
}

/** Every course's price up by 1 € and start (and end, deadline) a week later: 2,000 changed rows. */
function changeAll(text: string): string {
  return toCsv(
    'courses',
    parseCsv('courses', text).map(({ cells }) => ({
      ...cells,
      price_cents: String(Number(cells.price_cents) + 100),
      start_date: addDays(cells.start_date!, 7),
      end_date: addDays(cells.end_date!, 7),
      registration_deadline: addDays(cells.registration_deadline!, 7),
      meeting_days: '',
    })),
  );
}

async function timed(label: string, db: Db, files: { courses: string }, dryRun: boolean) {
  const started = performance.now();
  const report = await inTransaction(db, (tx) => importCatalogue(tx.kysely, files, { dryRun, now: new Date() }));
  const seconds = (performance.now() - started) / 1000;
  const c = report.counts.courses;
  const line = `${label.padEnd(42)} ${seconds.toFixed(2).padStart(6)} s  (created ${c.created}, changed ${c.changed}, unchanged ${c.unchanged}, deleted ${c.deleted}, refused ${c.refused})`;
  console.log(`${line}${seconds < aimSeconds ? '' : '  NOT under 10 s'}`);
  if (report.refusals.length > 0) console.log('  refusals:', report.refusals.slice(0, 3));
  return seconds;
}

/** The same through the admin API (the back office's upload): the API process itself plans and applies. */
async function timedHttp(label: string, url: string, token: string, files: { courses: string }, dryRun: boolean) {
  const started = performance.now();
  const response = await fetch(`${url}/api/admin/catalogue/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ dryRun, files }),
  });
  const body = (await response.json()) as { result?: { counts: { courses: Record<string, number> } } };
  const seconds = (performance.now() - started) / 1000;
  const c = body.result?.counts.courses;
  console.log(
    `${label.padEnd(42)} ${seconds.toFixed(2).padStart(6)} s  (HTTP ${response.status}${c ? `, changed ${c.changed}, unchanged ${c.unchanged}` : ''})${seconds < aimSeconds ? '' : '  NOT under 10 s'}`,
  );
  return seconds;
}

async function measure(name: string, database: { file: string } | { url: string }) {
  const db = createDatabase(
    'url' in database ? { dialect: 'postgres', url: database.url } : { dialect: 'sqlite', file: database.file },
  );
  try {
    await migrateToLatest(db);
    await seed(db);
    // The file to import: 2,000 generated courses as the export writes them; then the catalogue holds none of them.
    await generateCourses(db, courses, isoDateInZone(new Date()));
    const generated = (await exportCatalogue(db.kysely)).courses;
    // Only what a new catalogue would have: the generated courses go (the seeded ones already did).
    await db.kysely.deleteFrom('course').execute();
    // Its columns, checked: the file is the export's own format.
    if (!generated.includes(csvColumns.courses.join(';'))) throw new Error('Unexpected export header');

    const api = await startServer('api-server.ts', {
      BENCH_CACHE_MS: '0',
      ...('url' in database ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATABASE_FILE: database.file }),
    });
    const listing = probe(`${api.url}/api/course/search?limit=20`);
    // Its first answers before the import starts: the listing works.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      console.log(`\n${name}`);
      const times = [
        await timed(`dry run, ${courses} new courses`, db, { courses: generated }, true),
        await timed(`import, ${courses} new courses`, db, { courses: generated }, false),
      ];
      const changed = changeAll((await exportCatalogue(db.kysely)).courses);
      times.push(
        await timed(`dry run, ${courses} changed courses`, db, { courses: changed }, true),
        await timed(`import, ${courses} changed courses`, db, { courses: changed }, false),
        await timed(
          `import of the unchanged export`,
          db,
          { courses: (await exportCatalogue(db.kysely)).courses },
          false,
        ),
      );
      // Through the admin API: on SQLite the API's one connection is busy while it applies.
      const staff = await insertStaff(
        db.kysely,
        { email: `bench-${Date.now()}@school.test`, role: 'staff' },
        new Date(),
      );
      const { token } = await openStaffSession(db, staff.id, new Date());
      const viaApi = changeAll((await exportCatalogue(db.kysely)).courses);
      times.push(
        await timedHttp(`API dry run, ${courses} changed courses`, api.url, token, { courses: viaApi }, true),
        await timedHttp(`API import, ${courses} changed courses`, api.url, token, { courses: viaApi }, false),
      );
      const answers = await listing.stop();
      console.log(
        `listing while importing: ${answers.answers} answers, ${answers.failures} failed, p50 ${answers.p50.toFixed(1)} ms, p99 ${answers.p99.toFixed(1)} ms, slowest ${answers.max.toFixed(0)} ms`,
      );
      console.log(
        `slowest step ${Math.max(...times).toFixed(2)} s (aim < ${aimSeconds} s) — ${Math.max(...times) < aimSeconds ? 'met' : 'NOT met'}; listing ${answers.failures === 0 ? 'kept answering' : 'FAILED to answer'}`,
      );
    } finally {
      await listing.stop();
      api.stop();
    }
  } finally {
    await db.close();
  }
}

export default {
  name: `catalogue import of ${courses} courses (dry run and import) while the listing is asked, on SQLite and PostgreSQL`,
  async run() {
    await measure('SQLite', { file: join(mkdtempSync(join(tmpdir(), 'shop-bench-import-')), 'shop.sqlite') });
    const postgres = await startTemporaryPostgres({ durable: true });
    if ('notStarted' in postgres) {
      console.log(`PostgreSQL not measured: ${postgres.notStarted}`);
      return;
    }
    try {
      await measure('PostgreSQL', { url: postgres.started.url });
    } finally {
      postgres.started.stop();
    }
  },
};
