import { TagCategoryId } from '@shop/shared/contract';
import { weekdaysOfTags } from '@shop/shared/format';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { groupBy } from './texts.ts';

/** The weekdays each course meets on (0 = Monday), from its weekday tags; one query for all of them. */
export async function courseWeekdays(
  db: Kysely<Database>,
  courseIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('course_tag')
    .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
    .select(['course_tag.course_id', 'tag.slug'])
    .where('course_tag.course_id', 'in', [...courseIds])
    .where('tag.category_id', '=', TagCategoryId.weekday)
    .execute();
  return new Map([...groupBy(rows, (row) => row.course_id)].map(([id, tags]) => [id, weekdaysOfTags(tags)]));
}
