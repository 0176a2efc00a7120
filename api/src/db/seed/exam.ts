import { examLevels } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { examBank } from './exam-bank/index.ts';

/**
 * Seeds the placement-test questions when the bank is empty (like the catalogue: a restart keeps what was
 * edited in the database). Returns whether it seeded.
 */
export async function seedExamBank(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('exam_question')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  if (Number(row?.count ?? 0) > 0) return false;
  for (const level of examLevels) {
    for (const [position, question] of examBank[level].entries()) {
      const { id } = await db
        .insertInto('exam_question')
        .values({ level, position, skill: question.skill, passage: question.passage, question: question.question })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('exam_answer')
        .values(
          question.answers.map((answer, i) => ({
            question_id: id,
            position: i,
            answer,
            is_correct: i === question.correct ? 1 : 0,
          })),
        )
        .execute();
    }
  }
  return true;
}
