import type { ExamQuestion } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { answer, answerLetter, back, splitAtGaps, startFlow, toSubmission } from './questionFlow.ts';

const question = (id: number): ExamQuestion => ({
  id,
  skill: 'grammar',
  passage: null,
  question: `Pregunta ${id}`,
  answers: [1, 2, 3].map((n) => ({ id: id * 10 + n, answer: `R${n}` })),
});
const questions = [question(1), question(2), question(3)];

describe('question flow', () => {
  it('moves to the next question after each answer and is done after the last', () => {
    let step = answer(startFlow, questions, 11);
    expect(step).toEqual({ flow: { index: 1, answers: { 1: 11 } }, done: false });
    step = answer(step.flow, questions, 22);
    expect(step.done).toBe(false);
    step = answer(step.flow, questions, 33);
    expect(step).toEqual({ flow: { index: 2, answers: { 1: 11, 2: 22, 3: 33 } }, done: true });
    expect(toSubmission('B1', questions, step.flow)).toEqual({
      level: 'B1',
      answers: [
        { questionId: 1, answerId: 11 },
        { questionId: 2, answerId: 22 },
        { questionId: 3, answerId: 33 },
      ],
    });
  });

  it('goes back one question, never before the first, and a new answer replaces the old one', () => {
    const second = answer(startFlow, questions, 11).flow;
    const first = back(second);
    expect(first).toEqual({ index: 0, answers: { 1: 11 } });
    expect(back(first).index).toBe(0);
    expect(answer(first, questions, 13).flow).toEqual({ index: 1, answers: { 1: 13 } });
  });

  it('letters answers a to f and finds gaps', () => {
    expect([0, 1, 2, 3, 4, 5].map(answerLetter)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitAtGaps('Yo ___ de Alemania.')).toEqual(['Yo ', ' de Alemania.']);
    expect(splitAtGaps('Sin hueco.')).toEqual(['Sin hueco.']);
  });
});
