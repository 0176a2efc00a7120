import { z } from 'zod';
import { localizedTitleSchema } from './catalog.ts';
import { languageSchema, textSchema } from './common.ts';
import { emailSchema } from './customer.ts';

/**
 * The placement test (docs/product-rules.md#screens Level test, #data Exam…, #api-calls /exam/*). The client never sees which answer is
 * correct: the questions carry answer ids and texts only, and the server scores (see api/src/features/exam).
 */

/** The levels the test can test and reach (the catalogue also has C2, which no test places you in). */
export const examLevels = ['A1', 'A2', 'B1', 'B2', 'C1'] as const;
export const examLevelSchema = z.enum(examLevels);
export type ExamLevel = z.infer<typeof examLevelSchema>;

/** `b1` or `B1` → `B1`; anything else → undefined (the route answers 404, the screen goes back to the start). */
export function parseExamLevel(value: string | undefined): ExamLevel | undefined {
  const parsed = examLevelSchema.safeParse(value?.toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

/** What a question tests; the screen shows a translated instruction per skill. */
export const examSkills = ['grammar', 'vocabulary', 'reading'] as const;
export const examSkillSchema = z.enum(examSkills);
export type ExamSkill = z.infer<typeof examSkillSchema>;

/** Answers per question (spec: lettered a to f). */
export const examAnswerCount = { min: 3, max: 6 } as const;

const id = z.number().int().positive();

export const examAnswerSchema = z.lazy(() => z.object({ id, answer: z.string().min(1) }));
export const examQuestionSchema = z.lazy(() =>
  z.object({
    id,
    skill: examSkillSchema,
    /** Spanish text that reading questions are about; null for the others. */
    passage: z.string().nullable(),
    /** Spanish question text; `___` marks a gap to fill. */
    question: z.string().min(1),
    answers: z.array(examAnswerSchema).min(examAnswerCount.min).max(examAnswerCount.max),
  }),
);
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/** GET /exam/level/{level}. */
export const examSchema = z.lazy(() => z.object({ level: examLevelSchema, questions: z.array(examQuestionSchema) }));
export type Exam = z.infer<typeof examSchema>;

/** POST /exam/submit: one answer per question of the level. */
export const examSubmissionSchema = z.lazy(() =>
  z
    .object({
      level: examLevelSchema,
      answers: z
        .array(z.object({ questionId: id, answerId: id }).strict())
        .min(1)
        .max(100),
    })
    .strict(),
);
export type ExamSubmission = z.infer<typeof examSubmissionSchema>;

/** Sub-level to start with, e.g. `B1.2` (the second half of B1); flexible-learning modules are named alike. */
export const targetDetailSchema = textSchema.regex(/^(A1|A2|B1|B2|C1)\.[12]$/, 'Expected a sub-level such as B1.2');

const recommendedItemSchema = z.lazy(() => z.object({ id, titles: z.array(localizedTitleSchema) }));

/** Offers for the reached level, drawn from the live catalogue; null where the catalogue has none. */
export const examRecommendationSchema = z.lazy(() =>
  z.object({
    /** Level tag slug for group courses: /courses?preSelectedTags={slug}&courseType=1. */
    courseTag: z.string().nullable(),
    /** Level tag slug for conversation hours: /courses?preSelectedTags={slug}&courseType=3. */
    conversationTag: z.string().nullable(),
    /** /modular-course?flexLearningId={id}. */
    flexibleLearningCourse: recommendedItemSchema.nullable(),
    /** /products?productId={id}. */
    product: recommendedItemSchema.nullable(),
  }),
);
export type ExamRecommendation = z.infer<typeof examRecommendationSchema>;

const pointsSchema = z.number().int().nonnegative().max(100);

/** The score as the client keeps, saves and mails it. */
export const examScoreSchema = z.lazy(() =>
  z.object({
    level: examLevelSchema,
    reachedPoints: pointsSchema,
    maxPoints: pointsSchema.min(1),
    targetDetail: targetDetailSchema,
  }),
);
export type ExamScore = z.infer<typeof examScoreSchema>;

/**
 * What names a result the server scored: the submit answer carries it, and saving needs it (the server keeps the
 * score for the 24 hours a result is valid, see docs/decisions/0005-hostile-input.md).
 */
export const examResultTokenSchema = textSchema.min(1).max(100);

/** POST /exam/submit → the placement, the offers for it, and the token to save it with. */
export const examResultSchema = z.lazy(() =>
  examScoreSchema.unwrap().extend({
    recommendation: examRecommendationSchema,
    resultToken: examResultTokenSchema,
  }),
);
export type ExamResult = z.infer<typeof examResultSchema>;

/** A score is consistent when the points fit and the sub-level belongs to the level. */
const consistentScore = <T extends z.ZodType<ExamScore>>(schema: T) =>
  schema
    .refine((score) => score.reachedPoints <= score.maxPoints, {
      path: ['reachedPoints'],
      message: 'More points than the maximum',
    })
    .refine((score) => score.targetDetail.startsWith(`${score.level}.`), {
      path: ['targetDetail'],
      message: 'Sub-level of another level',
    });

/**
 * POST /exam/save (bearer) → the history entry. Only the token goes up: level and points are the server's own
 * record of the submit, so no score can be made up. The same result saved again answers the same entry.
 */
export const examSaveRequestSchema = z.lazy(() => z.object({ resultToken: examResultTokenSchema }).strict());
/** Error code of a save whose token names no live result of this submitter (forged, expired or someone else's). */
export const ExamErrorCode = { unknownResult: 'UNKNOWN_EXAM_RESULT' } as const;
export type ExamSaveRequest = z.infer<typeof examSaveRequestSchema>;

/** GET /exam/history (bearer): newest first. */
export const levelHistoryEntrySchema = z.lazy(() =>
  examScoreSchema.unwrap().extend({ id, createdAt: z.iso.datetime() }),
);
export type LevelHistoryEntry = z.infer<typeof levelHistoryEntrySchema>;
export const levelHistorySchema = z.lazy(() => z.array(levelHistoryEntrySchema));

/** POST /exam/send-result-email: the address is used for this one mail and not stored. */
export const examResultEmailRequestSchema = z.lazy(() =>
  consistentScore(examScoreSchema.unwrap().extend({ email: emailSchema, locale: languageSchema }).strict()),
);
export type ExamResultEmailRequest = z.infer<typeof examResultEmailRequestSchema>;
export const examResultEmailResponseSchema = z.lazy(() => z.object({ sent: z.literal(true) }));

/** How long the browser keeps a result (docs/product-rules.md#limits: 24 hours). */
export const examResultLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The result as the browser keeps it (docs/product-rules.md#data): with its completion time (epoch ms) and whether it
 * is saved, and to which account: `savedFor` is an opaque key the level-test area makes from the account (never the
 * address itself), absent when unknown. One browser may serve several customers; the flag is theirs, not the
 * browser's.
 */
export const storedExamResultSchema = z.lazy(() =>
  examResultSchema.unwrap().extend({
    completedAt: z.number().int().nonnegative(),
    saved: z.boolean(),
    savedFor: z.string().max(64).optional(),
  }),
);
export type StoredExamResult = z.infer<typeof storedExamResultSchema>;
