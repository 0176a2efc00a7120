import { type FlexibleLearningCourse, TagCategoryId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { orderedCourseRows, toCourses } from './course-search.ts';
import { courseOnSale } from './on-sale.ts';
import { groupBy, toContractTexts } from './texts.ts';

/**
 * Flexible-learning courses with their bookable appointments: those starting today or later, in the
 * order of the course search. A module without upcoming appointments is still listed (with none), so a link
 * to it (`/modular-course?flexLearningId=…`) finds it. Three queries for the whole list, whatever its size.
 */
export async function listFlexibleLearningCourses(
  db: Kysely<Database>,
  today: string,
): Promise<FlexibleLearningCourse[]> {
  const [modules, texts, appointmentRows] = await Promise.all([
    db
      .selectFrom('flexible_learning_course')
      .selectAll()
      .where('status', '=', 'published')
      .orderBy('module_identifier')
      .orderBy('id')
      .execute(),
    db.selectFrom('flexible_learning_course_text').selectAll().execute(),
    orderedCourseRows(
      db
        .selectFrom('course')
        .where('course.flexible_learning_course_id', 'is not', null)
        .where(courseOnSale)
        .where('course.start_date', '>=', today),
    ).execute(),
  ]);
  const appointments = await toCourses(db, appointmentRows);
  const textsByModule = groupBy(texts, (t) => t.flexible_learning_course_id);
  const appointmentsByModule = groupBy(appointments, (c) => c.flexibleLearningCourseId);

  return modules.map((module) => {
    const courses = appointmentsByModule.get(module.id) ?? [];
    // A module has no tags of its own: it carries the level of its appointments.
    const levels = [
      ...new Set(courses.flatMap((c) => c.tags.filter((t) => t.categoryId === TagCategoryId.level).map((t) => t.slug))),
    ];
    return {
      id: module.id,
      moduleIdentifier: module.module_identifier,
      ...toContractTexts(textsByModule.get(module.id) ?? []),
      tags: levels.map((slug) => ({ categoryId: TagCategoryId.level, slug })),
      courses,
    };
  });
}
