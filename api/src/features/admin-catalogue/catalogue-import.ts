import {
  catalogueFileNames,
  type CatalogueKind,
  catalogueKinds,
  type ImportCatalogueBody,
  type ImportRefusal,
  type ImportReport,
} from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  type CatalogueFacts,
  type CourseRecord,
  courseDifferences,
  courseFieldErrors,
  loadCatalogueFacts,
  loadStoredCourses,
  type StoredCourse,
} from './course-records.ts';
import { applyCourseWrites, type CourseUpdate, PlacesBelowBookedError } from './course-writes.ts';
import {
  CellError,
  courseFromCells,
  courseRow,
  CsvFileError,
  type CsvRow,
  moduleFromCells,
  moduleRow,
  packagePriceFromCells,
  packagePriceRow,
  parseCsv,
  productFromCells,
  productRow,
  toCsv,
} from './csv-format.ts';
import {
  applyModuleWrites,
  loadStoredModules,
  type ModuleRecord,
  moduleDifferences,
  type StoredModule,
} from './modules.ts';
import {
  applyPackagePriceWrites,
  loadPackagePrices,
  packagePriceKey,
  type PackagePriceRecord,
} from './package-prices.ts';
import {
  applyProductWrites,
  loadStoredProducts,
  productDifferences,
  productFieldErrors,
  type ProductRecord,
  type StoredProduct,
} from './products.ts';

/** CSV text by kind; a kind left out is left alone. */
export type CatalogueFiles = ImportCatalogueBody['files'];

/** An import that found refusals while applying (a booking raced it): the transaction must roll back. */
export class ImportRefusedError extends Error {
  constructor(readonly report: ImportReport) {
    super('The import was refused; nothing was changed');
  }
}

/** What the import would write, kind by kind. */
interface ImportPlan {
  modules: {
    creates: ModuleRecord[];
    updates: { stored: StoredModule; record: ModuleRecord }[];
    deletes: StoredModule[];
  };
  courses: { creates: CourseRecord[]; updates: CourseUpdate[]; deletes: StoredCourse[] };
  products: {
    creates: ProductRecord[];
    updates: { stored: StoredProduct; record: ProductRecord }[];
    deletes: StoredProduct[];
  };
  packagePrices: { upserts: PackagePriceRecord[]; deletes: PackagePriceRecord[] };
}

const emptyCounts = () => ({ created: 0, changed: 0, unchanged: 0, deleted: 0, refused: 0 });

/** Reads each file's rows, turning unreadable rows into refusals; `toRecord` throws CellError for a bad cell. */
function readRows<R>(
  kind: CatalogueKind,
  text: string,
  toRecord: (cells: Record<string, string>) => R,
  refuse: (line: number, identifier: string | null, reason: string) => void,
): { line: number; record: R; identifier: string }[] | null {
  let rows: CsvRow[];
  try {
    rows = parseCsv(kind, text);
  } catch (error) {
    if (error instanceof CsvFileError) {
      refuse(error.line, null, error.message);
      return null;
    }
    throw error;
  }
  const read: { line: number; record: R; identifier: string }[] = [];
  for (const row of rows) {
    const identifier =
      kind === 'packagePrices'
        ? `${row.cells.type?.trim() ?? ''}-${row.cells.amount?.trim() ?? ''}`
        : (row.cells.identifier?.trim() ?? '');
    try {
      read.push({ line: row.line, record: toRecord(row.cells), identifier });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refuse(row.line, identifier || null, error.message);
    }
  }
  return read;
}

/**
 * Rows naming an identifier an earlier row named are refused (the identifier is the key). A file that could not be
 * read at all (null) stands for no rows, and for nothing to delete either.
 */
function firstOfEach<T extends { identifier: string; line: number }>(
  rows: T[] | null,
  refuse: (line: number, identifier: string | null, reason: string) => void,
): T[] | null {
  if (rows === null) return null;
  const seen = new Map<string, number>();
  return rows.filter((row) => {
    const earlier = seen.get(row.identifier);
    if (earlier !== undefined) {
      refuse(row.line, row.identifier, `The identifier is also on line ${earlier}`);
      return false;
    }
    seen.set(row.identifier, row.line);
    return true;
  });
}

const fieldErrorText = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

/**
 * Compares the files with the catalogue and plans the writes: created, changed, unchanged, deleted (an item the file
 * of its kind no longer lists), refused (with file, line and reason). A kind without a file is left alone. Nothing
 * is written here.
 */
async function planImport(
  db: Kysely<Database>,
  files: CatalogueFiles,
): Promise<{ plan: ImportPlan; report: ImportReport }> {
  const report: ImportReport = {
    dryRun: true,
    applied: false,
    counts: Object.fromEntries(catalogueKinds.map((k) => [k, emptyCounts()])) as ImportReport['counts'],
    changes: [],
    refusals: [],
    mailsQueued: 0,
  };
  const plan: ImportPlan = {
    modules: { creates: [], updates: [], deletes: [] },
    courses: { creates: [], updates: [], deletes: [] },
    products: { creates: [], updates: [], deletes: [] },
    packagePrices: { upserts: [], deletes: [] },
  };
  const refuser = (kind: CatalogueKind) => (line: number, identifier: string | null, reason: string) => {
    report.refusals.push({ file: catalogueFileNames[kind], line, identifier, reason } satisfies ImportRefusal);
    report.counts[kind].refused++;
  };
  const note = (
    kind: CatalogueKind,
    identifier: string,
    action: 'create' | 'change' | 'delete',
    fields: string[] = [],
  ) => {
    report.changes.push({ kind, identifier, action, fields });
    report.counts[kind][action === 'create' ? 'created' : action === 'change' ? 'changed' : 'deleted']++;
  };
  const facts: CatalogueFacts = await loadCatalogueFacts(db);
  const storedCourses = files.courses !== undefined || files.modules !== undefined ? await loadStoredCourses(db) : [];

  // Modules first: the courses file may name a module the modules file creates.
  if (files.modules !== undefined) {
    const refuse = refuser('modules');
    const stored = await loadStoredModules(db);
    const byIdentifier = new Map(stored.map((m) => [m.record.identifier, m]));
    const read = firstOfEach(readRows('modules', files.modules, moduleFromCells, refuse), refuse);
    const rows = read ?? [];
    const listed = new Set(rows.map((r) => r.identifier));
    for (const { record, identifier } of rows) {
      const existing = byIdentifier.get(identifier);
      if (!existing) {
        plan.modules.creates.push(record);
        facts.modules.set(identifier, -1);
        note('modules', identifier, 'create');
        continue;
      }
      const fields = moduleDifferences(existing.record, record);
      if (fields.length === 0) report.counts.modules.unchanged++;
      else {
        plan.modules.updates.push({ stored: existing, record });
        note('modules', identifier, 'change', fields);
      }
    }
    for (const module of read === null ? [] : stored) {
      if (listed.has(module.record.identifier)) continue;
      plan.modules.deletes.push(module);
      facts.modules.delete(module.record.identifier);
      note('modules', module.record.identifier, 'delete');
    }
  }

  if (files.courses !== undefined) {
    const refuse = refuser('courses');
    const byIdentifier = new Map(storedCourses.map((c) => [c.record.identifier, c]));
    const read = firstOfEach(readRows('courses', files.courses, courseFromCells, refuse), refuse);
    const rows = read ?? [];
    const listed = new Set(rows.map((r) => r.identifier));
    for (const { line, record, identifier } of rows) {
      const fields = courseFieldErrors(record, facts);
      if (Object.keys(fields).length > 0) {
        refuse(line, identifier, fieldErrorText(fields));
        continue;
      }
      const existing = byIdentifier.get(identifier);
      if (!existing) {
        if (record.status === 'cancelled') refuse(line, identifier, 'A new course cannot be cancelled');
        else {
          plan.courses.creates.push(record);
          note('courses', identifier, 'create');
        }
        continue;
      }
      const changed = courseDifferences(existing.record, record);
      if (changed.length === 0) {
        report.counts.courses.unchanged++;
        continue;
      }
      const taken = existing.record.maxParticipants - existing.freePlaces;
      if (existing.record.status === 'cancelled') refuse(line, identifier, 'The course is cancelled and cannot change');
      else if (record.maxParticipants < taken)
        refuse(
          line,
          identifier,
          `max_participants ${record.maxParticipants} is fewer than the ${taken} places booked or held`,
        );
      else {
        plan.courses.updates.push({ stored: existing, record });
        note('courses', identifier, 'change', changed);
      }
    }
    for (const course of read === null ? [] : storedCourses) {
      if (listed.has(course.record.identifier)) continue;
      if (course.anyBookings > 0)
        refuse(
          0,
          course.record.identifier,
          `Missing from the file but booked (${course.anyBookings} order positions): it cannot be deleted; list it as draft or cancelled instead`,
        );
      else {
        plan.courses.deletes.push(course);
        note('courses', course.record.identifier, 'delete');
      }
    }
  }

  // A module that goes must take no appointment with it.
  if (plan.modules.deletes.length > 0) {
    const deletedCourses = new Set(plan.courses.deletes.map((c) => c.id));
    const remaining = new Map<string, number>();
    const updated = new Map(plan.courses.updates.map((u) => [u.stored.id, u.record]));
    const courseModules = [
      ...storedCourses
        .filter((c) => !deletedCourses.has(c.id))
        .map((c) => (updated.get(c.id) ?? c.record).moduleIdentifier),
      ...plan.courses.creates.map((r) => r.moduleIdentifier),
    ];
    for (const m of courseModules) if (m) remaining.set(m, (remaining.get(m) ?? 0) + 1);
    for (const module of [...plan.modules.deletes]) {
      const count = remaining.get(module.record.identifier) ?? 0;
      if (count > 0) {
        refuser('modules')(0, module.record.identifier, `Missing from the file but ${count} courses belong to it`);
        plan.modules.deletes = plan.modules.deletes.filter((m) => m !== module);
      }
    }
  }

  if (files.products !== undefined) {
    const refuse = refuser('products');
    const stored = await loadStoredProducts(db);
    const byIdentifier = new Map(stored.map((p) => [p.record.identifier, p]));
    const read = firstOfEach(readRows('products', files.products, productFromCells, refuse), refuse);
    const rows = read ?? [];
    const listed = new Set(rows.map((r) => r.identifier));
    for (const { line, record, identifier } of rows) {
      const fields = productFieldErrors(record, facts);
      if (Object.keys(fields).length > 0) {
        refuse(line, identifier, fieldErrorText(fields));
        continue;
      }
      const existing = byIdentifier.get(identifier);
      if (!existing) {
        plan.products.creates.push(record);
        note('products', identifier, 'create');
        continue;
      }
      const changed = productDifferences(existing.record, record);
      if (changed.length === 0) report.counts.products.unchanged++;
      else {
        plan.products.updates.push({ stored: existing, record });
        note('products', identifier, 'change', changed);
      }
    }
    for (const product of read === null ? [] : stored) {
      if (listed.has(product.record.identifier)) continue;
      if (product.orderLines > 0)
        refuse(
          0,
          product.record.identifier,
          `Missing from the file but sold (${product.orderLines} order positions): list it as draft instead`,
        );
      else {
        plan.products.deletes.push(product);
        note('products', product.record.identifier, 'delete');
      }
    }
  }

  if (files.packagePrices !== undefined) {
    const refuse = refuser('packagePrices');
    const stored = await loadPackagePrices(db);
    const byKey = new Map(stored.map((p) => [packagePriceKey(p), p]));
    const read = firstOfEach(readRows('packagePrices', files.packagePrices, packagePriceFromCells, refuse), refuse);
    const rows = read ?? [];
    const listed = new Set(rows.map((r) => packagePriceKey(r.record)));
    for (const { record } of rows) {
      const key = packagePriceKey(record);
      const existing = byKey.get(key);
      if (!existing) {
        plan.packagePrices.upserts.push(record);
        note('packagePrices', key, 'create');
        continue;
      }
      const fields = [
        ...(existing.priceCents !== record.priceCents ? ['priceCents'] : []),
        ...(existing.status !== record.status ? ['status'] : []),
      ];
      if (fields.length === 0) report.counts.packagePrices.unchanged++;
      else {
        plan.packagePrices.upserts.push(record);
        note('packagePrices', key, 'change', fields);
      }
    }
    for (const p of read === null ? [] : stored) {
      if (listed.has(packagePriceKey(p))) continue;
      plan.packagePrices.deletes.push(p);
      note('packagePrices', packagePriceKey(p), 'delete');
    }
  }
  const fileOrder = catalogueKinds.map((kind) => catalogueFileNames[kind]);
  report.refusals.sort((a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line);
  return { plan, report };
}

/**
 * importCatalogue and `npm run catalogue -- import`: plans the import, and unless it is a dry run or anything was
 * refused, applies it with `db` (pass the transaction the change and its audit entry share: all or nothing).
 * Importing what the catalogue already is changes nothing (every row unchanged). Throws ImportRefusedError when a
 * refusal shows up only while applying (a booking took a place meanwhile); the caller's transaction then rolls back.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  files: CatalogueFiles,
  { dryRun, now }: { dryRun: boolean; now: Date },
): Promise<ImportReport> {
  const { plan, report } = await planImport(db, files);
  report.dryRun = dryRun;
  if (dryRun || report.refusals.length > 0) return report;

  await applyModuleWrites(db, { ...plan.modules, deletes: [] });
  const facts = await loadCatalogueFacts(db);
  try {
    const outcome = await applyCourseWrites(db, plan.courses, { facts, now });
    report.mailsQueued = outcome.mailsQueued;
  } catch (error) {
    if (!(error instanceof PlacesBelowBookedError)) throw error;
    report.refusals.push({
      file: catalogueFileNames.courses,
      line: 0,
      identifier: error.identifier,
      reason: `max_participants is fewer than the ${error.takenPlaces} places booked or held`,
    });
    report.counts.courses.refused++;
    throw new ImportRefusedError(report);
  }
  await applyModuleWrites(db, { creates: [], updates: [], deletes: plan.modules.deletes });
  await applyProductWrites(db, plan.products);
  await applyPackagePriceWrites(db, plan.packagePrices);
  report.applied = report.changes.length > 0;
  return report;
}

/** exportCatalogue: every kind as its CSV file (the import's format). */
export async function exportCatalogue(db: Kysely<Database>): Promise<Record<CatalogueKind, string>> {
  const [modules, courses, products, packagePrices] = await Promise.all([
    loadStoredModules(db),
    loadStoredCourses(db),
    loadStoredProducts(db),
    loadPackagePrices(db),
  ]);
  const byIdentifier = <T extends { record: { identifier: string } }>(a: T, b: T) =>
    a.record.identifier < b.record.identifier ? -1 : a.record.identifier > b.record.identifier ? 1 : 0;
  return {
    modules: toCsv(
      'modules',
      modules.sort(byIdentifier).map((m) => moduleRow(m.record)),
    ),
    courses: toCsv('courses', courses.sort(byIdentifier).map(courseRow)),
    products: toCsv(
      'products',
      products.sort(byIdentifier).map((p) => productRow(p.record)),
    ),
    packagePrices: toCsv('packagePrices', packagePrices.map(packagePriceRow)),
  };
}
