import { type ExamLevel, examLevels } from '@shop/shared/contract';

/**
 * The scoring rule (docs/product-rules.md#scoring): one point per correct answer. The tested level is
 * reached with at least 60 % of the points, otherwise the placement is the level below (A1 has none below).
 * The sub-level says where to start inside the placed level: `.2` (its second half) with at least 80 % on a
 * reached level, or with at least 30 % when placed one level below (most of it is known); `.1` otherwise.
 */
export const passPercent = 60;
export const upperHalfWhenPassedPercent = 80;
export const upperHalfWhenFailedPercent = 30;

export interface Placement {
  level: ExamLevel;
  targetDetail: string;
}

/** Integer comparison, so 60 % of 15 points is exactly 9 and never a rounding question. */
// eslint-disable-next-line no-restricted-syntax -- a share of points, not money
const atLeast = (reached: number, max: number, percent: number) => reached * 100 >= percent * max;

export function levelBelow(level: ExamLevel): ExamLevel | undefined {
  const index = examLevels.indexOf(level);
  return index > 0 ? examLevels[index - 1] : undefined;
}

export function placement(tested: ExamLevel, reachedPoints: number, maxPoints: number): Placement {
  if (atLeast(reachedPoints, maxPoints, passPercent)) {
    const half = atLeast(reachedPoints, maxPoints, upperHalfWhenPassedPercent) ? 2 : 1;
    return { level: tested, targetDetail: `${tested}.${half}` };
  }
  const below = levelBelow(tested);
  if (!below) return { level: tested, targetDetail: `${tested}.1` };
  const half = atLeast(reachedPoints, maxPoints, upperHalfWhenFailedPercent) ? 2 : 1;
  return { level: below, targetDetail: `${below}.${half}` };
}

/**
 * What is wrong with a placement a client names for its points (empty when nothing): the result mail's body has
 * the placed level, its sub-level and the points, but not the level that was tested, so a placement is accepted
 * when `placement` gives it for some tested level at these points; otherwise `level` when no tested level gives
 * that level, or `targetDetail` when none gives that sub-level with it. The rule stays `placement`'s alone
 * (docs/decisions/0075-public-checks-and-the-result-mail.md). It cannot tell a made-up result from a real one
 * whose points were changed along with it: only the server's own record of the submit could.
 */
export function placementErrors(
  named: Placement & { reachedPoints: number; maxPoints: number },
): Record<string, string> {
  const possible = examLevels.map((tested) => placement(tested, named.reachedPoints, named.maxPoints));
  if (!possible.some((placed) => placed.level === named.level))
    return { level: `No level test places at ${named.level} with these points` };
  if (!possible.some((placed) => placed.level === named.level && placed.targetDetail === named.targetDetail))
    return { targetDetail: `No level test places at ${named.targetDetail} with these points` };
  return {};
}

/** The server's view of one question of a level: its answer ids and which one is correct. */
export interface AnswerKeyEntry {
  answerIds: ReadonlySet<number>;
  correctAnswerId: number;
}
export type AnswerKey = ReadonlyMap<number, AnswerKeyEntry>;

export interface SubmittedAnswer {
  questionId: number;
  answerId: number;
}

/**
 * What is wrong with a submission, as field errors (empty when it is fine): every question of the level
 * answered exactly once, with one of that question's answers; nothing else.
 */
export function submissionErrors(
  key: AnswerKey,
  level: ExamLevel,
  answers: readonly SubmittedAnswer[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  answers.forEach(({ questionId, answerId }, i) => {
    const entry = key.get(questionId);
    if (!entry) fields[`answers.${i}.questionId`] = `Question ${questionId} is not a question of level ${level}`;
    else if (seen.has(questionId))
      fields[`answers.${i}.questionId`] = `Question ${questionId} is answered more than once`;
    else if (!entry.answerIds.has(answerId))
      fields[`answers.${i}.answerId`] = `Answer ${answerId} is not an answer of question ${questionId}`;
    seen.add(questionId);
  });
  const missing = [...key.keys()].filter((questionId) => !seen.has(questionId));
  if (missing.length > 0) fields.answers = `Missing answers to questions ${missing.join(', ')}`;
  return fields;
}

/** Points of a valid submission: one per correct answer, out of one per question. */
export function score(
  key: AnswerKey,
  answers: readonly SubmittedAnswer[],
): { reachedPoints: number; maxPoints: number } {
  const reachedPoints = answers.filter(
    ({ questionId, answerId }) => key.get(questionId)?.correctAnswerId === answerId,
  ).length;
  return { reachedPoints, maxPoints: key.size };
}
