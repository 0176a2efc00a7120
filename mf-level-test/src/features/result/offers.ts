import { emailSchema, pickText, type ExamRecommendation } from '@shop/shared';

/** One recommended offer as a link of docs/product-rules.md#screens; `title` for the named ones, `level` for the tag listings. */
export type Offer =
  | { kind: 'flexible' | 'product'; to: string; title: string }
  | { kind: 'group' | 'conversation'; to: string; level: string; tag: string };

/** The links of the result page, in the order of docs/product-rules.md#screens; empty when the catalogue has nothing for the level. */
export function offersOf(recommendation: ExamRecommendation, language: string): Offer[] {
  const { flexibleLearningCourse, courseTag, conversationTag, product } = recommendation;
  const tagListing = (slug: string, courseType: number) =>
    `/courses?${new URLSearchParams({ preSelectedTags: slug, courseType: String(courseType) }).toString()}`;
  return [
    ...(flexibleLearningCourse
      ? [
          {
            kind: 'flexible' as const,
            to: `/modular-course?flexLearningId=${flexibleLearningCourse.id}`,
            title: pickText(flexibleLearningCourse.titles, language),
          },
        ]
      : []),
    ...(courseTag
      ? [{ kind: 'group' as const, to: tagListing(courseTag, 1), level: courseTag.toUpperCase(), tag: courseTag }]
      : []),
    ...(conversationTag
      ? [
          {
            kind: 'conversation' as const,
            to: tagListing(conversationTag, 3),
            level: conversationTag.toUpperCase(),
            tag: conversationTag,
          },
        ]
      : []),
    ...(product
      ? [
          {
            kind: 'product' as const,
            to: `/products?productId=${product.id}`,
            title: pickText(product.titles, language),
          },
        ]
      : []),
  ];
}

export type EmailProblem = 'noResult' | 'empty' | 'invalid';

/** What keeps the result e-mail from being sent (docs/product-rules.md#validation Result e-mail), checked before calling the API. */
export function emailProblem(email: string, hasResult: boolean): EmailProblem | undefined {
  if (!hasResult) return 'noResult';
  const address = email.trim();
  if (address === '') return 'empty';
  // The contract's one e-mail rule, the same the server applies.
  return emailSchema.safeParse(address).success ? undefined : 'invalid';
}
