import type { Exam, ExamLevel, ExamResult } from '@shop/shared/contract';
import { expect } from 'vitest';
import { examBank } from '../../db/seed/exam-bank/index.ts';
import type { Client } from '../customer/test-support.ts';

/** The key of the seed, joined by text: the test knows what the API must never say. */
export function answers(exam: Exam, pick: 'correct' | 'wrong') {
  const seeded = examBank[exam.level];
  return exam.questions.map((question) => {
    const source = seeded.find((s) => s.question === question.question)!;
    const correct = source.answers[source.correct];
    const answer = question.answers.find((a) => (pick === 'correct' ? a.answer === correct : a.answer !== correct))!;
    return { questionId: question.id, answerId: answer.id };
  });
}

/** Takes the test of `level` with the first `correct` answers right and the rest wrong; the server's result. */
export async function takeExam(c: Client, level: ExamLevel, correct: number): Promise<ExamResult> {
  const exam = (await c.get(`/api/exam/level/${level}`)).body.result as Exam;
  const right = answers(exam, 'correct');
  const mixed = answers(exam, 'wrong').map((answer, i) => (i < correct ? right[i]! : answer));
  const submitted = await c.post('/api/exam/submit', { level, answers: mixed });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return submitted.body.result as ExamResult;
}
