import { CourseType, examLevels, examResultSchema, examSchema, type Exam } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { examBank } from '../../db/seed/exam-bank/index.ts';
import { describeEachDatabase, get, type TestContext } from '../../test/databases.ts';
import { answers } from './test-support.ts';

async function post(ctx: TestContext, url: string, payload: unknown) {
  const response = await ctx.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: response.statusCode, body: response.json() as any, raw: response.body };
}

/** The end of the range /courses opens with (3 months from the test's today, 2026-01-15), as the listing asks. */
const listingUntil = '2026-04-15';

/** A correct flag would show up as a key like correct, isCorrect, is_correct or correctAnswer… */
const correctFlag = /"[a-z_]*correct[a-z_]*"\s*:/i;

describeEachDatabase('exam API', (ctx) => {
  const exams = new Map<string, Exam>();
  const examOf = async (level: string) => {
    if (!exams.has(level)) exams.set(level, examSchema.parse((await get(ctx, `/api/exam/level/${level}`)).body.result));
    return exams.get(level)!;
  };

  describe('GET /api/exam/level/{level}', () => {
    it.each(examLevels)(
      'serves the %s questions in Spanish, in order, without saying which answer is right',
      async (level) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/exam/level/${level}` });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toMatch(correctFlag);
        const exam = examSchema.parse(response.json().result);
        expect(exam.level).toBe(level);
        expect(exam.questions.map((q) => q.question)).toEqual(examBank[level].map((q) => q.question));
        expect(exam.questions.map((q) => q.answers.map((a) => a.answer))).toEqual(
          examBank[level].map((q) => q.answers),
        );
        for (const question of response.json().result.questions) {
          expect(Object.keys(question).sort()).toEqual(['answers', 'id', 'passage', 'question', 'skill']);
          for (const answer of question.answers) expect(Object.keys(answer).sort()).toEqual(['answer', 'id']);
        }
      },
    );

    it('accepts the level in lower case and URL-encoded', async () => {
      expect((await get(ctx, '/api/exam/level/b2')).body.result.level).toBe('B2');
      expect((await get(ctx, '/api/exam/level/%42%31')).body.result.level).toBe('B1');
    });

    it('answers 404 for a level without a test', async () => {
      for (const level of ['C2', 'X1', 'A1.1', '%20', 'a'.repeat(21)]) {
        const { status, body } = await get(ctx, `/api/exam/level/${level}`);
        expect(status, level).toBe(level.length > 20 ? 400 : 404);
        expect(body.error.code, level).toBe(level.length > 20 ? 'VALIDATION_ERROR' : 'NOT_FOUND');
      }
    });
  });

  describe('POST /api/exam/submit', () => {
    it('scores on the server: all correct reaches the tested level with its upper half', async () => {
      const exam = await examOf('B1');
      const response = await post(ctx, '/api/exam/submit', { level: 'B1', answers: answers(exam, 'correct') });
      expect(response.status).toBe(200);
      expect(response.raw).not.toMatch(correctFlag);
      const result = examResultSchema.parse(response.body.result);
      expect(result).toMatchObject({
        level: 'B1',
        reachedPoints: exam.questions.length,
        maxPoints: exam.questions.length,
        targetDetail: 'B1.2',
      });
    });

    it('places all wrong one level lower, and counts the exact points', async () => {
      const exam = await examOf('B2');
      const mixed = answers(exam, 'wrong').map((answer, i) => (i < 5 ? answers(exam, 'correct')[i]! : answer));
      const { body } = await post(ctx, '/api/exam/submit', { level: 'B2', answers: mixed });
      expect(body.result).toMatchObject({ level: 'B1', reachedPoints: 5, maxPoints: 16, targetDetail: 'B1.2' });
      const none = await post(ctx, '/api/exam/submit', { level: 'B2', answers: answers(exam, 'wrong') });
      expect(none.body.result).toMatchObject({ level: 'B1', reachedPoints: 0, targetDetail: 'B1.1' });
    });

    it('recommends real catalogue offers of the reached level', async () => {
      const exam = await examOf('B1');
      const { body } = await post(ctx, '/api/exam/submit', { level: 'B1', answers: answers(exam, 'correct') });
      const module = await ctx.db.kysely
        .selectFrom('flexible_learning_course')
        .select('id')
        .where('module_identifier', '=', 'B1.2')
        .executeTakeFirstOrThrow();
      const dele = await ctx.db.kysely
        .selectFrom('product_text')
        .select('product_id')
        .where('title', '=', 'DELE B1 Prüfungsvorbereitung')
        .executeTakeFirstOrThrow();
      expect(body.result.recommendation).toEqual({
        courseTag: 'b1',
        conversationTag: 'b1',
        flexibleLearningCourse: {
          id: module.id,
          titles: [
            { language: 'de', description: 'Modul B1.2 – Arbeit und Beruf' },
            { language: 'en', description: 'Module B1.2 – Work and profession' },
            { language: 'es', description: 'Módulo B1.2 – Trabajo y profesión' },
          ],
        },
        product: {
          id: dele.product_id,
          titles: expect.arrayContaining([{ language: 'de', description: 'DELE B1 Prüfungsvorbereitung' }]),
        },
      });
      // The links of the result page lead to listings that show something: /courses searches its default range.
      const search = async (query: string) =>
        (await get(ctx, `/api/course/search?${query}`)).body.result.total as number;
      expect(await search(`tags[]=b1&type=1&courseStartUntil=${listingUntil}`)).toBeGreaterThan(0);
      expect(await search(`tags[]=b1&type=3&courseStartUntil=${listingUntil}`)).toBeGreaterThan(0);
      expect(await search(`flexibleLearningId=${module.id}`)).toBeGreaterThan(0);
    });

    it('recommends group courses and conversation hours only when one starts within the listing’s default range', async () => {
      const exam = await examOf('B1');
      const b1Courses = await ctx.db.kysely
        .selectFrom('course')
        .innerJoin('course_tag', 'course_tag.course_id', 'course.id')
        .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
        .select(['course.id', 'course.type', 'course.start_date', 'course.end_date'])
        .where('tag.slug', '=', 'b1')
        .where('course.type', 'in', [CourseType.fullCourse, CourseType.conversationHours])
        .execute();
      const move = (type: number, start_date: string) =>
        ctx.db.kysely
          .updateTable('course')
          .set({ start_date, end_date: '2026-12-31' })
          .where(
            'id',
            'in',
            b1Courses.filter((c) => c.type === type).map((c) => c.id),
          )
          .execute();
      const recommendation = async () =>
        (await post(ctx, '/api/exam/submit', { level: 'B1', answers: answers(exam, 'correct') })).body.result
          .recommendation;
      try {
        // Every B1 group course and conversation hour starts the day after the range the /courses listing opens
        // with (3 months from the test's today, 2026-01-15): the links would open empty listings.
        await move(CourseType.fullCourse, '2026-04-16');
        await move(CourseType.conversationHours, '2026-04-16');
        expect(await recommendation()).toMatchObject({ courseTag: null, conversationTag: null });
        // On the range's last day they are listed, so they are recommended.
        await move(CourseType.fullCourse, listingUntil);
        expect(await recommendation()).toMatchObject({ courseTag: 'b1', conversationTag: null });
        await move(CourseType.conversationHours, listingUntil);
        expect(await recommendation()).toMatchObject({ courseTag: 'b1', conversationTag: 'b1' });
      } finally {
        for (const course of b1Courses) {
          await ctx.db.kysely
            .updateTable('course')
            .set({ start_date: course.start_date, end_date: course.end_date })
            .where('id', '=', course.id)
            .execute();
        }
      }
    });

    it('leaves out what the catalogue does not offer (A1 has no conversation hours and no exam product)', async () => {
      const exam = await examOf('A1');
      const { body } = await post(ctx, '/api/exam/submit', { level: 'A1', answers: answers(exam, 'wrong') });
      expect(body.result).toMatchObject({ level: 'A1', targetDetail: 'A1.1' });
      expect(body.result.recommendation).toMatchObject({ courseTag: 'a1', conversationTag: null, product: null });
      expect(body.result.recommendation.flexibleLearningCourse.titles[0].description).toMatch(/^Modul A1\.1/);
    });

    it('recommends no course that already started, only the product', async () => {
      const exam = await examOf('C1');
      const c1Courses = await ctx.db.kysely
        .selectFrom('course')
        .innerJoin('course_tag', 'course_tag.course_id', 'course.id')
        .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
        .select(['course.id', 'course.start_date', 'course.end_date'])
        .where('tag.slug', '=', 'c1')
        .execute();
      const ids = c1Courses.map((c) => c.id);
      // The day before the test's today: started yesterday, ended yesterday.
      await ctx.db.kysely
        .updateTable('course')
        .set({ start_date: '2026-01-14', end_date: '2026-01-14' })
        .where('id', 'in', ids)
        .execute();
      try {
        const { body } = await post(ctx, '/api/exam/submit', { level: 'C1', answers: answers(exam, 'correct') });
        expect(body.result.recommendation).toMatchObject({
          courseTag: null,
          conversationTag: null,
          flexibleLearningCourse: null,
        });
        expect(body.result.recommendation.product.titles[0].description).toBe('DELE C1 Prüfungsvorbereitung');
      } finally {
        for (const course of c1Courses) {
          await ctx.db.kysely
            .updateTable('course')
            .set({ start_date: course.start_date, end_date: course.end_date })
            .where('id', '=', course.id)
            .execute();
        }
      }
      const again = await post(ctx, '/api/exam/submit', { level: 'C1', answers: answers(exam, 'correct') });
      expect(again.body.result.recommendation).toMatchObject({ courseTag: 'c1', conversationTag: 'c1' });
    });

    describe('rejects bad submissions with field errors', () => {
      const bad = async (payload: unknown) => {
        const response = await post(ctx, '/api/exam/submit', payload);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
        return response.body.error.fields as Record<string, string>;
      };

      it('answers to a question of another level', async () => {
        const b1 = answers(await examOf('B1'), 'correct');
        const a2 = answers(await examOf('A2'), 'correct');
        expect(await bad({ level: 'B1', answers: [...b1.slice(1), a2[0]] })).toEqual({
          [`answers.${b1.length - 1}.questionId`]: `Question ${a2[0]!.questionId} is not a question of level B1`,
          answers: `Missing answers to questions ${b1[0]!.questionId}`,
        });
      });

      it('a question answered twice', async () => {
        const b1 = answers(await examOf('B1'), 'correct');
        expect(await bad({ level: 'B1', answers: [...b1, b1[3]] })).toEqual({
          [`answers.${b1.length}.questionId`]: `Question ${b1[3]!.questionId} is answered more than once`,
        });
      });

      it('missing questions', async () => {
        const b1 = answers(await examOf('B1'), 'correct');
        expect(await bad({ level: 'B1', answers: b1.slice(0, 14) })).toEqual({
          answers: `Missing answers to questions ${b1
            .slice(14)
            .map((a) => a.questionId)
            .join(', ')}`,
        });
      });

      it('unknown answer ids, and answers of another question', async () => {
        const b1 = answers(await examOf('B1'), 'correct');
        const withUnknown = b1.map((a, i) => (i === 2 ? { ...a, answerId: 999_999 } : a));
        expect(await bad({ level: 'B1', answers: withUnknown })).toEqual({
          'answers.2.answerId': `Answer 999999 is not an answer of question ${b1[2]!.questionId}`,
        });
        const swapped = b1.map((a, i) => (i === 0 ? { ...a, answerId: b1[1]!.answerId } : a));
        expect(await bad({ level: 'B1', answers: swapped })).toEqual({
          'answers.0.answerId': `Answer ${b1[1]!.answerId} is not an answer of question ${b1[0]!.questionId}`,
        });
      });

      it('malformed bodies', async () => {
        const b1 = answers(await examOf('B1'), 'correct');
        expect(await bad({ level: 'C2', answers: b1 })).toHaveProperty('level');
        expect(await bad({ answers: b1 })).toHaveProperty('level');
        expect(await bad({ level: 'B1' })).toHaveProperty('answers');
        expect(await bad({ level: 'B1', answers: [] })).toHaveProperty('answers');
        expect(await bad({ level: 'B1', answers: [{ questionId: '1', answerId: 2 }] })).toHaveProperty([
          'answers.0.questionId',
        ]);
        expect(await bad({ level: 'B1', answers: [{ questionId: 1.5, answerId: 2 }] })).toHaveProperty([
          'answers.0.questionId',
        ]);
        expect(await bad({ level: 'B1', answers: [{ questionId: 1, answerId: 2, correct: true }] })).toHaveProperty([
          'answers.0.correct',
        ]);
        expect(await bad({ level: 'B1', answers: b1, score: 16 })).toHaveProperty('score');
        expect(await bad({ level: 'B1', answers: Array.from({ length: 101 }, () => b1[0]) })).toHaveProperty('answers');
      });
    });
  });

  describe('an empty bank', () => {
    it('serves an empty list, and no submission can pass', async () => {
      await ctx.db.kysely.deleteFrom('exam_question').where('level', '=', 'A2').execute();
      const { status, body } = await get(ctx, '/api/exam/level/A2');
      expect(status).toBe(200);
      expect(body.result).toEqual({ level: 'A2', questions: [] });
      const a1 = answers(await examOf('A1'), 'correct');
      expect((await post(ctx, '/api/exam/submit', { level: 'A2', answers: a1 })).status).toBe(400);
    });
  });
});
