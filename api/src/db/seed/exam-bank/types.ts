import type { ExamSkill } from '@shop/shared/contract';

/** One seeded question: Spanish texts, answers in display order, `correct` = index of the right one. */
export interface SeedQuestion {
  skill: ExamSkill;
  passage: string | null;
  question: string;
  answers: string[];
  correct: number;
}

/** Short builders so the banks read like a test sheet. */
export const grammar = (question: string, answers: string[], correct: number): SeedQuestion => ({
  skill: 'grammar',
  passage: null,
  question,
  answers,
  correct,
});

export const vocabulary = (question: string, answers: string[], correct: number): SeedQuestion => ({
  skill: 'vocabulary',
  passage: null,
  question,
  answers,
  correct,
});

/** Reading questions share their passage. */
export const reading =
  (passage: string) =>
  (question: string, answers: string[], correct: number): SeedQuestion => ({
    skill: 'reading',
    passage,
    question,
    answers,
    correct,
  });
