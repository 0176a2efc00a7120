import type { Kysely } from 'kysely';
import { syncDerivedTags, weekdaySlugs } from '../../features/admin-catalogue/derived-tags.ts';
import { weekdayIndex } from '../../lib/dates.ts';
import type { Database } from '../schema.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * Derived tags are computed from the dates from now on (docs/decisions/0096-catalogue-states-and-moves.md): each
 * course's month, weekday, time-of-day and duration tags are recomputed once here, so a course moved by SQL is
 * listed under its real month again. The weekdays it meets on are kept from its weekday tags when they include its
 * start date's weekday (a course meeting Tuesdays and Thursdays stays so); otherwise they were stale and the
 * start date's weekday alone is taken.
 */
export async function up(db: MigrationDb): Promise<void> {
  const rows: { course_id: number; slug: string; start_date: string }[] = await db
    .selectFrom('course_tag')
    .innerJoin('tag', 'tag.id', 'course_tag.tag_id')
    .innerJoin('course', 'course.id', 'course_tag.course_id')
    .select(['course_tag.course_id', 'tag.slug', 'course.start_date'])
    .where('tag.slug', 'in', [...weekdaySlugs])
    .execute();
  const byCourse = new Map<number, { startDate: string; days: number[] }>();
  for (const row of rows) {
    const entry = byCourse.get(row.course_id) ?? { startDate: row.start_date, days: [] };
    entry.days.push(weekdaySlugs.indexOf(row.slug));
    byCourse.set(row.course_id, entry);
  }
  // Grouped by the value to write, so thousands of courses take a handful of statements.
  const byValue = new Map<string, number[]>();
  for (const [courseId, { startDate, days }] of byCourse) {
    if (!days.includes(weekdayIndex(startDate))) continue;
    const value = [...new Set(days)].sort((a, b) => a - b).join(',');
    byValue.set(value, [...(byValue.get(value) ?? []), courseId]);
  }
  for (const [value, ids] of byValue) {
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable('course')
        .set({ meeting_days: value })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
  }
  await syncDerivedTags(db as Kysely<Database>);
}

export async function down(): Promise<void> {}
