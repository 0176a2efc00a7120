import { type Course, CourseType, type courseSearchQuerySchema } from '@shop/shared/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { CourseRow, Database } from '../../db/schema.ts';
import { centsToEuros, maxSqlInteger, priceBoundToCents } from '@shop/shared/money';
import { conversationHourPriceCents, coursePriceCents, courseUnitPriceSql } from './course-price.ts';
import { courseOnSale } from './on-sale.ts';
import { groupBy, toContractTexts } from './texts.ts';

export type CourseFilter = z.output<typeof courseSearchQuerySchema>;

/**
 * The course search of docs/product-rules.md#data, #api-calls. `today` is the default lower bound of the start date, so courses
 * that have already begun are not offered unless the caller asks for an earlier startDate.
 */
export async function searchCourses(db: Kysely<Database>, filter: CourseFilter, today: string) {
  const { page, limit } = filter;
  const tagGroups = await resolveTagGroups(db, filter.tags ?? []);

  let query = db
    .selectFrom('course')
    .where(courseOnSale)
    .where('course.start_date', '>=', filter.startDate ?? today);
  if (filter.endDate) query = query.where('course.end_date', '<=', filter.endDate);
  if (filter.courseStartUntil) query = query.where('course.start_date', '<=', filter.courseStartUntil);
  if (filter.type !== undefined) query = query.where('course.type', '=', filter.type);
  if (filter.flexibleLearningId !== undefined) {
    // An id beyond the integer range cannot exist; comparing with it would be a PostgreSQL error.
    if (filter.flexibleLearningId > maxSqlInteger) return { items: [], total: 0, page, limit };
    query = query.where('course.flexible_learning_course_id', '=', filter.flexibleLearningId);
  }
  // The effective price: the discounted one when there is one; a conversation hour's from its package (course-price.ts).
  const effectivePrice = courseUnitPriceSql;
  if (filter.priceMin !== undefined)
    query = query.where(effectivePrice, '>=', priceBoundToCents(filter.priceMin, 'min'));
  if (filter.priceMax !== undefined)
    query = query.where(effectivePrice, '<=', priceBoundToCents(filter.priceMax, 'max'));
  // Tags of one category are alternatives (OR); each category narrows further (AND).
  for (const tagIds of tagGroups) {
    query = query.where(
      'course.id',
      'in',
      db.selectFrom('course_tag').select('course_tag.course_id').where('course_tag.tag_id', 'in', tagIds),
    );
  }

  const countRow = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const total = Number(countRow?.count ?? 0);
  const offset = (page - 1) * limit;
  // Checked before querying: a huge page would otherwise be an out-of-range OFFSET.
  if (offset >= total) return { items: [], total, page, limit };

  const rows = await orderedCourseRows(query).limit(limit).offset(offset).execute();
  return { items: await toCourses(db, rows), total, page, limit };
}

/** The course rows of `query` in listing order: start date, timed before by-appointment, start time, id. */
export function orderedCourseRows(query: SelectQueryBuilder<Database, 'course', object>) {
  return (
    query
      .selectAll('course')
      .orderBy('course.start_date')
      // By-appointment courses (no time) after the timed ones of the same day, on both dialects.
      .orderBy(sql`case when course.start_time is null then 1 else 0 end`)
      .orderBy('course.start_time')
      .orderBy('course.id')
  );
}

/** Known slugs grouped by category; unknown slugs are ignored (a stale link must not empty the list). */
async function resolveTagGroups(db: Kysely<Database>, slugs: readonly string[]): Promise<number[][]> {
  if (slugs.length === 0) return [];
  const tags = await db
    .selectFrom('tag')
    .select(['id', 'category_id'])
    .where('slug', 'in', [...new Set(slugs)])
    .execute();
  return [...groupBy(tags, (t) => t.category_id).values()].map((group) => group.map((t) => t.id));
}

/** Texts and tags for a page of courses in two batch queries (no query per course). */
export async function toCourses(db: Kysely<Database>, rows: readonly CourseRow[]): Promise<Course[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [texts, tags, hourPriceCents] = await Promise.all([
    db.selectFrom('course_text').selectAll().where('course_id', 'in', ids).execute(),
    db
      .selectFrom('course_tag')
      .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
      .select(['course_tag.course_id', 'tag.category_id', 'tag.slug'])
      .where('course_tag.course_id', 'in', ids)
      .orderBy('tag.category_id')
      .orderBy('tag.position')
      .orderBy('tag.id')
      .execute(),
    rows.some((row) => row.type === CourseType.conversationHours) ? conversationHourPriceCents(db) : null,
  ]);
  const textsByCourse = groupBy(texts, (t) => t.course_id);
  const tagsByCourse = groupBy(tags, (t) => t.course_id);

  return rows.map((row) => {
    const { priceCents, discountedPriceCents } = coursePriceCents(row, hourPriceCents);
    return {
      id: row.id,
      type: row.type as CourseType,
      identifier: row.identifier,
      ...toContractTexts(textsByCourse.get(row.id) ?? []),
      startDate: row.start_date,
      startTime: row.start_time,
      endDate: row.end_date,
      endTime: row.end_time,
      registrationDeadline: row.registration_deadline,
      maxParticipants: row.max_participants,
      freePlaces: row.free_places,
      price: centsToEuros(priceCents),
      discountedPrice: discountedPriceCents === null ? null : centsToEuros(discountedPriceCents),
      tags: (tagsByCourse.get(row.id) ?? []).map((t) => ({ categoryId: t.category_id, slug: t.slug })),
      flexibleLearningCourseId: row.flexible_learning_course_id,
    };
  });
}
