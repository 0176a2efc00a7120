import { examAnswerCount, examLevels } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { examBank } from '../../db/seed/exam-bank/index.ts';

describe('seeded question bank', () => {
  it.each(examLevels)(
    '%s has at least 15 questions of every skill, each with 3–6 distinct answers and one correct',
    (level) => {
      const questions = examBank[level];
      expect(questions.length).toBeGreaterThanOrEqual(15);
      expect(new Set(questions.map((q) => q.skill))).toEqual(new Set(['grammar', 'vocabulary', 'reading']));
      for (const q of questions) {
        expect(q.answers.length, q.question).toBeGreaterThanOrEqual(examAnswerCount.min);
        expect(q.answers.length, q.question).toBeLessThanOrEqual(examAnswerCount.max);
        expect(new Set(q.answers).size, q.question).toBe(q.answers.length);
        expect(Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.answers.length, q.question).toBe(true);
        expect(q.passage !== null, q.question).toBe(q.skill === 'reading');
      }
      expect(new Set(questions.map((q) => q.question)).size).toBe(questions.length);
    },
  );

  it('does not put the correct answer at a guessable position', () => {
    const positions = examLevels.flatMap((level) => examBank[level].map((q) => q.correct));
    for (const position of [0, 1, 2]) {
      expect(positions.filter((p) => p === position).length / positions.length).toBeLessThan(0.5);
    }
  });
});
