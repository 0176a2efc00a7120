import type { PublishStatus } from '@shop/shared/contract/admin';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { groupBy } from '../catalog/texts.ts';
import { sameTexts, textsFromRows, type TextsRecord } from './course-records.ts';

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
