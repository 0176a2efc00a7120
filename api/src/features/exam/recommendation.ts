import { CourseType, defaultCourseRange, type ExamLevel, type ExamRecommendation } from '@shop/shared/contract';
import { isoDateMonthsAfter } from '@shop/shared/format';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { courseOnSale } from '../catalog/on-sale.ts';
import { toContractTexts } from '../catalog/texts.ts';

/**
 * Offers for a placed level, read from the live catalogue (docs/product-rules.md#screens Result): the level's tag for group courses
 * and for conversation hours when such courses start from today to the end of the range the /courses listing opens
 * with (`defaultCourseRange`, 3 months; its links carry no range), the flexible-learning module named like
 * the sub-level (else the level's first module with appointments left), and the level's first product.
 * Anything the catalogue does not offer is null, so the result page links only to what can be booked.
 */
export async function recommend(
  db: Kysely<Database>,
  level: ExamLevel,
  targetDetail: string,
  today: string,
): Promise<ExamRecommendation> {
  const slug = level.toLowerCase();
  // The listing's own bound: it asks for courseStartUntil = this day (mf-catalog's courseStartUntil).
  const until = isoDateMonthsAfter(today, defaultCourseRange);
  const [courseTag, conversationTag, flexibleLearningCourse, product] = await Promise.all([
    hasListedCourse(db, CourseType.fullCourse, slug, today, until),
    hasListedCourse(db, CourseType.conversationHours, slug, today, until),
    flexibleModule(db, slug, targetDetail, today),
    levelProduct(db, slug),
  ]);
  return {
    courseTag: courseTag ? slug : null,
    conversationTag: conversationTag ? slug : null,
    flexibleLearningCourse,
    product,
  };
}

const taggedCourses = (db: Kysely<Database>, slug: string) =>
  db
    .selectFrom('course')
    .innerJoin('course_tag', 'course_tag.course_id', 'course.id')
    .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
    .where('tag.slug', '=', slug)
    .where(courseOnSale);

/** Is a course of `type` and level `slug` starting from `today` to `until`, as the course search finds it? */
async function hasListedCourse(
  db: Kysely<Database>,
  type: number,
  slug: string,
  today: string,
  until: string,
): Promise<boolean> {
  const row = await taggedCourses(db, slug)
    .select('course.id')
    .where('course.type', '=', type)
    .where('course.start_date', '>=', today)
    .where('course.start_date', '<=', until)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function flexibleModule(db: Kysely<Database>, slug: string, targetDetail: string, today: string) {
  const modules = await db
    .selectFrom('flexible_learning_course as module')
    .select(['module.id', 'module.module_identifier'])
    .where('module.status', '=', 'published')
    .where((eb) =>
      eb.exists(
        taggedCourses(db, slug)
          .select('course.id')
          .where('course.flexible_learning_course_id', '=', eb.ref('module.id'))
          .where('course.type', '=', CourseType.flexibleAppointment)
          .where('course.end_date', '>=', today),
      ),
    )
    .orderBy('module.module_identifier')
    .execute();
  const module = modules.find((m) => m.module_identifier === targetDetail) ?? modules[0];
  if (!module) return null;
  const texts = await db
    .selectFrom('flexible_learning_course_text')
    .select(['language', 'title', 'pretitle', 'short'])
    .where('flexible_learning_course_id', '=', module.id)
    .execute();
  return { id: module.id, titles: toContractTexts(texts).titles };
}

async function levelProduct(db: Kysely<Database>, slug: string) {
  const product = await db
    .selectFrom('product')
    .innerJoin('product_tag', 'product_tag.product_id', 'product.id')
    .innerJoin('tag', 'tag.id', 'product_tag.tag_id')
    .select('product.id')
    .where('tag.slug', '=', slug)
    .where('product.status', '=', 'published')
    .orderBy('product.id')
    .limit(1)
    .executeTakeFirst();
  if (!product) return null;
  const texts = await db
    .selectFrom('product_text')
    .select(['language', 'title', 'pretitle', 'short'])
    .where('product_id', '=', product.id)
    .execute();
  return { id: product.id, titles: toContractTexts(texts).titles };
}
