import type { ExamLevel } from '@shop/shared';

/**
 * The four self-assessment cards of the start page (docs/product-rules.md#screens Level test). "First steps" goes straight to the
 * A1 test; the others ask one yes/no question whose answer picks the test.
 */
export type StartCard =
  | { id: 'firstSteps'; direct: ExamLevel }
  | { id: 'basics' | 'independent' | 'competent'; yes: ExamLevel; no: ExamLevel };

export const startCards: readonly StartCard[] = [
  { id: 'firstSteps', direct: 'A1' },
  { id: 'basics', yes: 'A2', no: 'A1' },
  { id: 'independent', yes: 'B2', no: 'B1' },
  { id: 'competent', yes: 'C1', no: 'B2' },
];

/** The level to test after a card and (for the question cards) a yes or no. */
export function levelFor(card: StartCard, answer?: 'yes' | 'no'): ExamLevel {
  if ('direct' in card) return card.direct;
  return answer === 'yes' ? card.yes : card.no;
}

export const questionsPath = (level: ExamLevel) => `/level-test/${level}`;
