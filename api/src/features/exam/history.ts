import type { ExamScore, LevelHistoryEntry } from '@shop/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ExamResultTable } from '../../db/schema.ts';

const toEntry = (row: Selectable<ExamResultTable>): LevelHistoryEntry => ({
  id: row.id,
  createdAt: row.created_at,
  level: row.level as LevelHistoryEntry['level'],
  reachedPoints: row.reached_points,
  maxPoints: row.max_points,
  targetDetail: row.target_detail,
});

/**
 * Adds a result to the customer's history and makes it their level (docs/product-rules.md#api-calls /exam/save): the customer's
 * languageNiveau is the level code in lower case like the catalogue's tags (`b1`), the details the sub-level.
 * Runs in the caller's transaction (the save links the scored result to the entry in the same one).
 */
export async function addToHistory(
  trx: Kysely<Database>,
  customerId: number,
  score: ExamScore,
  now: Date,
): Promise<LevelHistoryEntry> {
  const createdAt = now.toISOString();
  const row = await trx
    .insertInto('exam_result')
    .values({
      customer_id: customerId,
      level: score.level,
      reached_points: score.reachedPoints,
      max_points: score.maxPoints,
      target_detail: score.targetDetail,
      created_at: createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('customer')
    .set({
      language_niveau: score.level.toLowerCase(),
      language_niveau_details: score.targetDetail,
      updated_at: createdAt,
    })
    .where('id', '=', customerId)
    .execute();
  return toEntry(row);
}

/** One saved result of the customer, or undefined. */
export async function findHistoryEntry(
  db: Kysely<Database>,
  customerId: number,
  id: number,
): Promise<LevelHistoryEntry | undefined> {
  const row = await db
    .selectFrom('exam_result')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row && toEntry(row);
}

/** The customer's saved results, newest first (same instant: the later saved first). */
export async function listHistory(db: Db, customerId: number): Promise<LevelHistoryEntry[]> {
  const rows = await db.kysely
    .selectFrom('exam_result')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toEntry);
}
