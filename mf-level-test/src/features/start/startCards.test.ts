import { describe, expect, it } from 'vitest';
import { levelFor, questionsPath, startCards } from './startCards.ts';

const card = (id: string) => startCards.find((c) => c.id === id)!;

describe('start cards (docs/product-rules.md#screens)', () => {
  it('come in the order first steps, basics, independent, competent', () => {
    expect(startCards.map((c) => c.id)).toEqual(['firstSteps', 'basics', 'independent', 'competent']);
  });

  it('map the self-assessment to the level to test', () => {
    expect(levelFor(card('firstSteps'))).toBe('A1');
    expect(levelFor(card('basics'), 'yes')).toBe('A2');
    expect(levelFor(card('basics'), 'no')).toBe('A1');
    expect(levelFor(card('independent'), 'yes')).toBe('B2');
    expect(levelFor(card('independent'), 'no')).toBe('B1');
    expect(levelFor(card('competent'), 'yes')).toBe('C1');
    expect(levelFor(card('competent'), 'no')).toBe('B2');
  });

  it('lead to the question screen of that level', () => {
    expect(questionsPath('B2')).toBe('/level-test/B2');
  });
});
