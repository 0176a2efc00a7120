import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Placement results as the server scored them (docs/decisions/0005-hostile-input.md): POST /exam/submit keeps
 * each one for the 24 hours a result is valid, under the hash of a random token that only the submitter gets.
 * POST /exam/save copies level and points from here, never from the request, and links the history entry it
 * made (`exam_result_id`), so saving the same result again answers that entry instead of a second one.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('exam_scored_result')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('reached_points', 'integer', (col) => col.notNull())
    .addColumn('max_points', 'integer', (col) => col.notNull())
    .addColumn('target_detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('exam_result_id', 'integer', (col) => col.references('exam_result.id').onDelete('set null'))
    .addCheckConstraint(
      'exam_scored_result_points_check',
      sql`reached_points >= 0 and reached_points <= max_points and max_points > 0`,
    )
    .execute();
  // Expired results are swept by their end.
  await db.schema.createIndex('exam_scored_result_expires_idx').on('exam_scored_result').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('exam_scored_result').ifExists().execute();
}
