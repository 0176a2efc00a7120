import { describe, expect, it } from 'vitest';
import { emailProblem, offersOf } from './offers.ts';

const titles = (de: string, en: string) => [
  { language: 'de' as const, description: de },
  { language: 'en' as const, description: en },
];

describe('offersOf', () => {
  it('links every recommendation as docs/product-rules.md#screens says, in the reader’s language', () => {
    const offers = offersOf(
      {
        flexibleLearningCourse: { id: 5, titles: titles('Modul B1.1', 'Module B1.1') },
        courseTag: 'b1',
        conversationTag: 'b1',
        product: { id: 2, titles: titles('DELE B1 Prüfungsvorbereitung', 'DELE B1 exam preparation') },
      },
      'en',
    );
    expect(offers).toEqual([
      { kind: 'flexible', to: '/modular-course?flexLearningId=5', title: 'Module B1.1' },
      { kind: 'group', to: '/courses?preSelectedTags=b1&courseType=1', level: 'B1', tag: 'b1' },
      { kind: 'conversation', to: '/courses?preSelectedTags=b1&courseType=3', level: 'B1', tag: 'b1' },
      { kind: 'product', to: '/products?productId=2', title: 'DELE B1 exam preparation' },
    ]);
  });

  it('leaves out what is missing, down to nothing', () => {
    expect(
      offersOf({ flexibleLearningCourse: null, courseTag: 'a1', conversationTag: null, product: null }, 'de').map(
        (o) => o.kind,
      ),
    ).toEqual(['group']);
    expect(
      offersOf({ flexibleLearningCourse: null, courseTag: null, conversationTag: null, product: null }, 'de'),
    ).toEqual([]);
  });
});

describe('emailProblem', () => {
  it('needs a result, then an address, then a plausible one', () => {
    expect(emailProblem('a@b.de', false)).toBe('noResult');
    expect(emailProblem('  ', true)).toBe('empty');
    expect(emailProblem('kein-at.de', true)).toBe('invalid');
    expect(emailProblem(' ana@example.com ', true)).toBeUndefined();
  });
});
