import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * The placement-test question bank (docs/product-rules.md#data Exam). `is_correct` is an integer 0/1 so both dialects read it
 * the same way; exactly one correct answer per question is checked by the seed and its test.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('exam_question'))
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('skill', 'text', (col) => col.notNull())
    .addColumn('passage', 'text')
    .addColumn('question', 'text', (col) => col.notNull())
    .addCheckConstraint('exam_question_level_check', sql`level in ('A1', 'A2', 'B1', 'B2', 'C1')`)
    .addCheckConstraint('exam_question_skill_check', sql`skill in ('grammar', 'vocabulary', 'reading')`)
    .addUniqueConstraint('exam_question_level_position_unique', ['level', 'position'])
    .execute();

  await withGeneratedId(db, db.schema.createTable('exam_answer'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('exam_question.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('is_correct', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('exam_answer_correct_check', sql`is_correct in (0, 1)`)
    .addUniqueConstraint('exam_answer_question_position_unique', ['question_id', 'position'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('exam_answer').ifExists().execute();
  await db.schema.dropTable('exam_question').ifExists().execute();
}
