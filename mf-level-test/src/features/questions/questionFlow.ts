import type { ExamLevel, ExamQuestion, ExamSubmission } from '@shop/shared';

/**
 * Where the visitor is in the test: the question on screen and the answer chosen for each question so far.
 * Pure, so the slide logic is tested without rendering.
 */
export interface QuestionFlow {
  index: number;
  /** questionId → answerId */
  answers: Readonly<Record<number, number>>;
}

export const startFlow: QuestionFlow = { index: 0, answers: {} };

/** Records an answer to the question on screen and moves on; `done` after the last question. */
export function answer(
  flow: QuestionFlow,
  questions: readonly ExamQuestion[],
  answerId: number,
): { flow: QuestionFlow; done: boolean } {
  const question = questions[flow.index];
  if (!question) return { flow, done: false };
  const answers = { ...flow.answers, [question.id]: answerId };
  const last = flow.index === questions.length - 1;
  return { flow: { index: last ? flow.index : flow.index + 1, answers }, done: last };
}

/** Back to the previous question; its answer stays chosen until another one is picked. */
export function back(flow: QuestionFlow): QuestionFlow {
  return { ...flow, index: Math.max(0, flow.index - 1) };
}

/** The submission of docs/product-rules.md#data: one answer per question, in the order asked. */
export function toSubmission(level: ExamLevel, questions: readonly ExamQuestion[], flow: QuestionFlow): ExamSubmission {
  return {
    level,
    answers: questions.map((q) => ({ questionId: q.id, answerId: flow.answers[q.id]! })),
  };
}

/** a, b, c … f: the letter of the answer at `index` (docs/product-rules.md#screens). */
export const answerLetter = (index: number) => String.fromCharCode(97 + index);

/** Splits a question at its gaps (`___`), so the screen can draw the blank and name it for screen readers. */
export const splitAtGaps = (text: string) => text.split(/_{3,}/);
