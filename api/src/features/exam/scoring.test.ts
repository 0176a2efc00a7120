import { describe, expect, it } from 'vitest';
import { examLevels } from '@shop/shared/contract';
import { type AnswerKey, placement, placementErrors, score, submissionErrors } from './scoring.ts';

describe('placement (the scoring rule of the product rules)', () => {
  it('reaches the tested level at 60 % or more, in its upper half from 80 %', () => {
    expect(placement('B1', 9, 15)).toEqual({ level: 'B1', targetDetail: 'B1.1' }); // exactly 60 %
    expect(placement('B1', 11, 15)).toEqual({ level: 'B1', targetDetail: 'B1.1' }); // 73 %
    expect(placement('B1', 12, 15)).toEqual({ level: 'B1', targetDetail: 'B1.2' }); // exactly 80 %
    expect(placement('C1', 16, 16)).toEqual({ level: 'C1', targetDetail: 'C1.2' });
  });

  it('places below 60 % one level lower, in its upper half from 30 %', () => {
    expect(placement('B1', 8, 15)).toEqual({ level: 'A2', targetDetail: 'A2.2' }); // 53 %
    expect(placement('B2', 5, 16)).toEqual({ level: 'B1', targetDetail: 'B1.2' }); // 31 %
    expect(placement('B2', 4, 16)).toEqual({ level: 'B1', targetDetail: 'B1.1' }); // 25 %
    expect(placement('A2', 0, 16)).toEqual({ level: 'A1', targetDetail: 'A1.1' });
  });

  it('keeps A1 when A1 is not reached: there is no level below', () => {
    expect(placement('A1', 3, 16)).toEqual({ level: 'A1', targetDetail: 'A1.1' });
    expect(placement('A1', 9, 16)).toEqual({ level: 'A1', targetDetail: 'A1.1' }); // 56 %, the upper-half rule needs a lower level
    expect(placement('A1', 10, 16)).toEqual({ level: 'A1', targetDetail: 'A1.1' }); // 62 %
    expect(placement('A1', 13, 16)).toEqual({ level: 'A1', targetDetail: 'A1.2' }); // 81 %
  });
});

describe('placementErrors (a result mail names what the points give)', () => {
  it('accepts every placement the rule gives, whichever level was tested', () => {
    for (const tested of examLevels)
      for (const maxPoints of [15, 16])
        for (let reachedPoints = 0; reachedPoints <= maxPoints; reachedPoints++)
          expect(placementErrors({ ...placement(tested, reachedPoints, maxPoints), reachedPoints, maxPoints })).toEqual(
            {},
          );
  });

  it('refuses a level no tested level gives at these points', () => {
    // C1 is only ever reached by passing the C1 test: 60 % at least.
    expect(placementErrors({ level: 'C1', targetDetail: 'C1.1', reachedPoints: 9, maxPoints: 16 })).toEqual({
      level: expect.any(String),
    });
    expect(placementErrors({ level: 'C1', targetDetail: 'C1.2', reachedPoints: 0, maxPoints: 16 })).toHaveProperty(
      'level',
    );
  });

  it('refuses a sub-level the points do not give for that level', () => {
    // 94 %: whatever was tested is reached in its upper half.
    expect(placementErrors({ level: 'B1', targetDetail: 'B1.1', reachedPoints: 15, maxPoints: 16 })).toEqual({
      targetDetail: expect.any(String),
    });
    // 13 %: B1 only as B2 missed by far, so its first half.
    expect(placementErrors({ level: 'B1', targetDetail: 'B1.2', reachedPoints: 2, maxPoints: 16 })).toEqual({
      targetDetail: expect.any(String),
    });
    // 25 %: A1's second half needs 80 % of the A1 test, or 30 % of the A2 test.
    expect(placementErrors({ level: 'A1', targetDetail: 'A1.2', reachedPoints: 4, maxPoints: 16 })).toEqual({
      targetDetail: expect.any(String),
    });
  });
});

const key: AnswerKey = new Map([
  [1, { answerIds: new Set([10, 11, 12]), correctAnswerId: 11 }],
  [2, { answerIds: new Set([20, 21, 22]), correctAnswerId: 20 }],
  [3, { answerIds: new Set([30, 31, 32, 33]), correctAnswerId: 33 }],
]);

describe('score', () => {
  it('gives one point per correct answer, out of one per question', () => {
    expect(
      score(key, [
        { questionId: 1, answerId: 11 },
        { questionId: 2, answerId: 21 },
        { questionId: 3, answerId: 33 },
      ]),
    ).toEqual({ reachedPoints: 2, maxPoints: 3 });
    expect(
      score(key, [
        { questionId: 1, answerId: 10 },
        { questionId: 2, answerId: 21 },
        { questionId: 3, answerId: 30 },
      ]),
    ).toEqual({ reachedPoints: 0, maxPoints: 3 });
  });
});

describe('submissionErrors', () => {
  const all = [
    { questionId: 1, answerId: 10 },
    { questionId: 2, answerId: 20 },
    { questionId: 3, answerId: 30 },
  ];

  it('accepts exactly one valid answer per question, in any order', () => {
    expect(submissionErrors(key, 'B1', all)).toEqual({});
    expect(submissionErrors(key, 'B1', [...all].reverse())).toEqual({});
  });

  it('names each wrong entry by its path', () => {
    expect(submissionErrors(key, 'B1', [...all, { questionId: 99, answerId: 10 }])).toEqual({
      'answers.3.questionId': 'Question 99 is not a question of level B1',
    });
    expect(submissionErrors(key, 'B1', [...all, { questionId: 2, answerId: 21 }])).toEqual({
      'answers.3.questionId': 'Question 2 is answered more than once',
    });
    expect(submissionErrors(key, 'B1', [all[0]!, { questionId: 2, answerId: 10 }, all[2]!])).toEqual({
      'answers.1.answerId': 'Answer 10 is not an answer of question 2',
    });
    expect(submissionErrors(key, 'B1', [all[1]!])).toEqual({ answers: 'Missing answers to questions 1, 3' });
  });
});
