import { type AdminModule, CatalogueErrorCode, type ItemTexts, type PublishStatus } from '@shop/shared/contract/admin';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { groupBy } from '../catalog/texts.ts';
import { sameTexts, textsFromInput, textsFromRows, type TextsRecord, textsToOutput } from './course-records.ts';

/** A flexible-learning module (its appointments are courses of type 2 naming it); key `moduleIdentifier`. */
export interface ModuleRecord {
  identifier: string;
  status: PublishStatus;
  texts: TextsRecord;
}

export interface StoredModule {
  id: number;
  record: ModuleRecord;
  /** Courses that belong to it: such a module cannot be deleted. */
  appointments: number;
}

export async function loadStoredModules(db: Kysely<Database>): Promise<StoredModule[]> {
  const [rows, texts, counts] = await Promise.all([
    db.selectFrom('flexible_learning_course').selectAll().orderBy('module_identifier').execute(),
    db.selectFrom('flexible_learning_course_text').selectAll().execute(),
    db
      .selectFrom('course')
      .select((eb) => ['flexible_learning_course_id', eb.fn.countAll<number | string>().as('n')])
      .where('flexible_learning_course_id', 'is not', null)
      .groupBy('flexible_learning_course_id')
      .execute(),
  ]);
  const textsBy = groupBy(texts, (t) => t.flexible_learning_course_id);
  const countBy = new Map(counts.map((c) => [c.flexible_learning_course_id, Number(c.n)]));
  return rows.map((row) => ({
    id: row.id,
    record: { identifier: row.module_identifier, status: row.status, texts: textsFromRows(textsBy.get(row.id) ?? []) },
    appointments: countBy.get(row.id) ?? 0,
  }));
}

export function moduleDifferences(a: ModuleRecord, b: ModuleRecord): string[] {
  return [...(a.status !== b.status ? ['status'] : []), ...(sameTexts(a.texts, b.texts) ? [] : ['texts'])];
}

/** Writes modules in the caller's transaction; returns the ids of the created ones by identifier. */
export async function applyModuleWrites(
  db: Kysely<Database>,
  writes: {
    creates: ModuleRecord[];
    updates: { stored: StoredModule; record: ModuleRecord }[];
    deletes: StoredModule[];
  },
): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  for (const m of writes.deletes) await db.deleteFrom('flexible_learning_course').where('id', '=', m.id).execute();
  const texts: Insertable<Database['flexible_learning_course_text']>[] = [];
  for (const record of writes.creates) {
    const { id } = await db
      .insertInto('flexible_learning_course')
      .values({ module_identifier: record.identifier, status: record.status })
      .returning('id')
      .executeTakeFirstOrThrow();
    created.set(record.identifier, id);
    texts.push(
      ...Object.entries(record.texts).map(([language, t]) => ({ flexible_learning_course_id: id, language, ...t! })),
    );
  }
  for (const { stored, record } of writes.updates) {
    const fields = moduleDifferences(stored.record, record);
    if (fields.includes('status'))
      await db
        .updateTable('flexible_learning_course')
        .set({ status: record.status })
        .where('id', '=', stored.id)
        .execute();
    if (fields.includes('texts')) {
      await db
        .deleteFrom('flexible_learning_course_text')
        .where('flexible_learning_course_id', '=', stored.id)
        .execute();
      texts.push(
        ...Object.entries(record.texts).map(([language, t]) => ({
          flexible_learning_course_id: stored.id,
          language,
          ...t!,
        })),
      );
    }
  }
  if (texts.length > 0) await db.insertInto('flexible_learning_course_text').values(texts).execute();
  return created;
}

export function toAdminModule(module: StoredModule): AdminModule {
  return {
    id: module.id,
    identifier: module.record.identifier,
    status: module.record.status,
    texts: textsToOutput(module.record.texts),
    appointments: module.appointments,
  };
}

export async function readModule(db: Kysely<Database>, id: number): Promise<StoredModule> {
  const module = (await loadStoredModules(db)).find((m) => m.id === id);
  if (!module) throw notFound('No module with this id');
  return module;
}

/** listModules: every module (there are tens, not thousands), filtered and paged in memory. */
export async function listModules(
  db: Kysely<Database>,
  query: { page: number; perPage: number; q?: string; status?: PublishStatus },
) {
  const q = query.q?.toLowerCase();
  const all = (await loadStoredModules(db)).filter(
    (m) =>
      (!query.status || m.record.status === query.status) &&
      (!q ||
        m.record.identifier.toLowerCase().includes(q) ||
        Object.values(m.record.texts).some((t) => t.title.toLowerCase().includes(q))),
  );
  const start = (query.page - 1) * query.perPage;
  return {
    items: all.slice(start, start + query.perPage),
    total: all.length,
    page: query.page,
    perPage: query.perPage,
  };
}

/** createModule: a draft; 409 when the identifier is taken. */
export async function createModule(db: Kysely<Database>, body: { identifier: string; texts: ItemTexts }) {
  const taken = await db
    .selectFrom('flexible_learning_course')
    .select('id')
    .where('module_identifier', '=', body.identifier)
    .executeTakeFirst();
  if (taken)
    throw new AppError(409, CatalogueErrorCode.identifierTaken, 'Another module has this identifier', {
      identifier: 'Taken by another module',
    });
  const record: ModuleRecord = { identifier: body.identifier, status: 'draft', texts: textsFromInput(body.texts) };
  const created = await applyModuleWrites(db, { creates: [record], updates: [], deletes: [] });
  return readModule(db, created.get(record.identifier)!);
}

/** updateModule: texts and status; a draft module's appointments are neither listed nor sold. */
export async function updateModule(
  db: Kysely<Database>,
  id: number,
  body: { texts?: ItemTexts; status?: PublishStatus },
) {
  const before = await readModule(db, id);
  const record: ModuleRecord = {
    ...before.record,
    status: body.status ?? before.record.status,
    texts: body.texts ? textsFromInput(body.texts) : before.record.texts,
  };
  await applyModuleWrites(db, { creates: [], updates: [{ stored: before, record }], deletes: [] });
  return { before, after: await readModule(db, id) };
}
