import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueFileNames, catalogueKinds, type ImportReport } from '@shop/shared/contract/admin';
import { inTransaction, type Db } from '../../db/database.ts';
import { writeAudit } from '../staff/audit.ts';
import { type CatalogueFiles, exportCatalogue, ImportRefusedError, importCatalogue } from './catalogue-import.ts';

export interface CatalogueCliContext {
  db: Db;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

const usage = 'Usage: npm run catalogue -w api -- import <dir> [--dry-run] | export <dir>';
/** How many changes a report lists one by one before it only counts the rest. */
const listedChanges = 50;

function printReport(report: ImportReport, out: (line: string) => void) {
  for (const kind of catalogueKinds) {
    const c = report.counts[kind];
    if (c.created + c.changed + c.unchanged + c.deleted + c.refused === 0) continue;
    out(
      `${catalogueFileNames[kind]}: ${c.created} created, ${c.changed} changed, ${c.unchanged} unchanged, ${c.deleted} deleted, ${c.refused} refused`,
    );
  }
  for (const change of report.changes.slice(0, listedChanges))
    out(
      `  ${change.action} ${change.kind} ${change.identifier}${change.fields.length ? ` (${change.fields.join(', ')})` : ''}`,
    );
  if (report.changes.length > listedChanges) out(`  … and ${report.changes.length - listedChanges} more changes`);
  for (const refusal of report.refusals)
    out(
      `REFUSED ${refusal.file}:${refusal.line}${refusal.identifier ? ` ${refusal.identifier}` : ''}: ${refusal.reason}`,
    );
}

/**
 * `import <dir> [--dry-run]` reads whichever of courses.csv, modules.csv, products.csv, package-prices.csv the folder
 * holds and imports them all or nothing (an audit entry by `cli`); `export <dir>` writes all four. Exit code 0 when
 * done, 1 when the import was refused (nothing changed), 2 for a wrong command.
 */
export async function runCatalogueCli(args: readonly string[], ctx: CatalogueCliContext): Promise<number> {
  const [command, dir, ...rest] = args;
  const dryRun = rest.includes('--dry-run');
  const unknown = rest.filter((a) => a !== '--dry-run');
  if (!dir || unknown.length > 0 || (command === 'export' && dryRun) || !['import', 'export'].includes(command ?? '')) {
    ctx.err(usage);
    return 2;
  }
  if (command === 'export') {
    await mkdir(dir, { recursive: true });
    const files = await exportCatalogue(ctx.db.kysely);
    for (const kind of catalogueKinds) await writeFile(join(dir, catalogueFileNames[kind]), files[kind], 'utf8');
    ctx.out(`Exported ${catalogueKinds.map((k) => catalogueFileNames[k]).join(', ')} to ${dir}`);
    return 0;
  }
  const files: CatalogueFiles = {};
  for (const kind of catalogueKinds) {
    try {
      files[kind] = await readFile(join(dir, catalogueFileNames[kind]), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (Object.keys(files).length === 0) {
    ctx.err(`No catalogue file in ${dir} (${catalogueKinds.map((k) => catalogueFileNames[k]).join(', ')})`);
    return 2;
  }
  try {
    const report = await inTransaction(ctx.db, async (tx) => {
      const now = ctx.now();
      const result = await importCatalogue(tx.kysely, files, { dryRun, now });
      if (result.refusals.length > 0 && !dryRun) throw new ImportRefusedError(result);
      if (result.applied)
        await writeAudit(
          tx.kysely,
          { staffId: null, actor: 'cli' },
          {
            action: 'cli:importCatalogue',
            entityType: 'catalogue',
            entityId: null,
            before: null,
            after: { counts: result.counts, changes: result.changes, files: Object.keys(files) },
          },
          now,
        );
      return result;
    });
    printReport(report, ctx.out);
    ctx.out(dryRun ? 'Dry run: nothing was changed.' : report.applied ? 'Imported.' : 'Nothing to change.');
    return report.refusals.length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    printReport(error.report, ctx.out);
    ctx.err(`Refused (${error.report.refusals.length} rows): nothing was changed.`);
    return 1;
  }
}
