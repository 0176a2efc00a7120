import { examResultLifetimeMs, type ExamLevel, type ExamScore, type LevelHistoryEntry } from '@shop/shared/contract';
import type { Db } from '../../db/database.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import { addToHistory, findHistoryEntry } from './history.ts';
import { inTransaction } from '../../db/database.ts';

/**
 * Results as the server scored them (docs/decisions/0005-hostile-input.md). The submit keeps each one for the
 * 24 hours a result is valid and hands out a random token for it; a save names that token and gets exactly the
 * level and points the server computed. Only the token's hash is stored, like session tokens.
 */

/** Keeps a scored result and returns the token that saves it; expired ones are swept on the way. */
export async function keepScoredResult(db: Db, score: ExamScore, now: Date): Promise<string> {
  const token = newToken();
  await db.kysely.deleteFrom('exam_scored_result').where('expires_at', '<=', now.toISOString()).execute();
  await db.kysely
    .insertInto('exam_scored_result')
    .values({
      token_hash: hashToken(token),
      level: score.level,
      reached_points: score.reachedPoints,
      max_points: score.maxPoints,
      target_detail: score.targetDetail,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + examResultLifetimeMs).toISOString(),
    })
    .execute();
  return token;
}

/** Another save of the same result won the race between reading and linking it. */
class AlreadyLinked extends Error {}

/**
 * Saves the scored result `token` names to the customer's history: the entry made now, or the one an earlier
 * save of this customer made. Null when the token names no live result, or one another customer saved.
 */
export async function saveScoredResult(
  db: Db,
  customerId: number,
  token: string,
  now: Date,
): Promise<LevelHistoryEntry | null> {
  const tokenHash = hashToken(token);
  const attempt = () =>
    inTransaction(db.kysely, async (trx) => {
      const scored = await trx
        .selectFrom('exam_scored_result')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      if (!scored) return null;
      if (scored.exam_result_id !== null)
        return (await findHistoryEntry(trx, customerId, scored.exam_result_id)) ?? null;
      const score: ExamScore = {
        level: scored.level as ExamLevel,
        reachedPoints: scored.reached_points,
        maxPoints: scored.max_points,
        targetDetail: scored.target_detail,
      };
      const entry = await addToHistory(trx, customerId, score, now);
      // Linking is conditional: of two saves racing each other, one links and the other rolls back.
      const linked = await trx
        .updateTable('exam_scored_result')
        .set({ exam_result_id: entry.id })
        .where('token_hash', '=', tokenHash)
        .where('exam_result_id', 'is', null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) !== 1) throw new AlreadyLinked();
      return entry;
    });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof AlreadyLinked)) throw error;
    // The winner has committed: read its entry (or nothing, if it was another customer's save).
    return attempt();
  }
}
