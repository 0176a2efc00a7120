import type { Exam, ExamLevel, ExamSkill } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AnswerKey, AnswerKeyEntry } from './scoring.ts';

/**
 * Reads the question bank. The two readers are separate on purpose: `loadExam` (sent to the browser) never
 * selects `is_correct`, so a correct flag cannot reach a response even by a mapping mistake.
 */
export async function loadExam(db: Kysely<Database>, level: ExamLevel): Promise<Exam> {
  const questions = await db
    .selectFrom('exam_question')
    .select(['id', 'skill', 'passage', 'question'])
    .where('level', '=', level)
    .orderBy('position')
    .execute();
  const answers =
    questions.length === 0
      ? []
      : await db
          .selectFrom('exam_answer')
          .select(['id', 'question_id', 'answer'])
          .where(
            'question_id',
            'in',
            questions.map((q) => q.id),
          )
          .orderBy('question_id')
          .orderBy('position')
          .execute();
  return {
    level,
    questions: questions.map((q) => ({
      id: q.id,
      skill: q.skill as ExamSkill,
      passage: q.passage,
      question: q.question,
      answers: answers.filter((a) => a.question_id === q.id).map((a) => ({ id: a.id, answer: a.answer })),
    })),
  };
}

/** The scoring key of a level: for each question its answer ids and the correct one. */
export async function loadAnswerKey(db: Kysely<Database>, level: ExamLevel): Promise<AnswerKey> {
  const rows = await db
    .selectFrom('exam_answer')
    .innerJoin('exam_question', 'exam_question.id', 'exam_answer.question_id')
    .select(['exam_answer.question_id', 'exam_answer.id', 'exam_answer.is_correct'])
    .where('exam_question.level', '=', level)
    .execute();
  const key = new Map<number, AnswerKeyEntry & { answerIds: Set<number> }>();
  for (const row of rows) {
    const entry = key.get(row.question_id) ?? { answerIds: new Set<number>(), correctAnswerId: 0 };
    entry.answerIds.add(row.id);
    if (Number(row.is_correct) === 1) entry.correctAnswerId = row.id;
    key.set(row.question_id, entry);
  }
  return key;
}
