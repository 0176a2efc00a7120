import { TagCategoryId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seedTagCategories, timeOfDayTag, timeRangeTag } from '../../db/seed/tags.ts';
import { monthIndex, weekdayIndex } from '../../lib/dates.ts';

/**
 * The tags a course's dates decide (time of day, month, duration, weekdays): computed from the dates on every
 * write, never kept by hand, so a moved course is always listed under its new month and weekdays. The other
 * categories (level, collection) are chosen by staff.
 */
export const derivedCategoryIds: readonly number[] = [
  TagCategoryId.time,
  TagCategoryId.month,
  TagCategoryId.timeRange,
  TagCategoryId.weekday,
];

const tagsOf = (categoryId: number): readonly string[] => seedTagCategories.find((c) => c.id === categoryId)!.tags;
export const weekdaySlugs = tagsOf(TagCategoryId.weekday);
const monthSlugs = tagsOf(TagCategoryId.month);

/** The dates of a course as the derived tags read them; `meetingDays` 0 = Monday, null: the start date's weekday. */
export interface CourseSchedule {
  startDate: string;
  endDate: string;
  startTime: string | null;
  meetingDays: readonly number[] | null;
}

/** The weekdays a course meets on, sorted; its start date's alone when none are given. */
export function meetingDaysOf({ startDate, meetingDays }: Pick<CourseSchedule, 'startDate' | 'meetingDays'>): number[] {
  const days = meetingDays && meetingDays.length > 0 ? meetingDays : [weekdayIndex(startDate)];
  return [...new Set(days)].sort((a, b) => a - b);
}

/** `meeting_days` as stored: "1,3"; null for none. */
export const formatMeetingDays = (days: readonly number[] | null): string | null =>
  days && days.length > 0 ? [...new Set(days)].sort((a, b) => a - b).join(',') : null;

export function parseMeetingDays(text: string | null): number[] | null {
  if (!text) return null;
  const days = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  return days.length > 0 ? [...new Set(days)].sort((a, b) => a - b) : null;
}

/** [categoryId, slug] of every derived tag the course carries. */
export function derivedTags(course: CourseSchedule): [number, string][] {
  return [
    ...(course.startTime ? [[TagCategoryId.time, timeOfDayTag(course.startTime)] as [number, string]] : []),
    [TagCategoryId.month, monthSlugs[monthIndex(course.startDate)]!],
    [TagCategoryId.timeRange, timeRangeTag(course.startDate, course.endDate)],
    ...meetingDaysOf(course).map((day): [number, string] => [TagCategoryId.weekday, weekdaySlugs[day]!]),
  ];
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The derived tags' ids by slug, adding any that is missing from its category (a category itself missing, as in
 * an empty database, has none: its tags are then left out).
 */
async function derivedTagIds(db: Kysely<Database>): Promise<Map<string, number>> {
  const read = async () =>
    new Map(
      (
        await db
          .selectFrom('tag')
          .select(['id', 'slug'])
          .where('category_id', 'in', [...derivedCategoryIds])
          .execute()
      ).map((t) => [t.slug, t.id]),
    );
  const ids = await read();
  const categories = new Set(
    (
      await db
        .selectFrom('tag_category')
        .select('id')
        .where('id', 'in', [...derivedCategoryIds])
        .execute()
    ).map((c) => c.id),
  );
  const missing = derivedCategoryIds.flatMap((categoryId) =>
    categories.has(categoryId)
      ? tagsOf(categoryId)
          .map((slug, position) => ({ category_id: categoryId, slug, position }))
          .filter((tag) => !ids.has(tag.slug))
      : [],
  );
  if (missing.length === 0) return ids;
  await db.insertInto('tag').values(missing).execute();
  return read();
}

/**
 * Writes the derived tags of the given courses (all courses when `courseIds` is omitted) from their dates,
 * replacing whatever derived tags they had; their other tags stay. A few statements per 500 courses.
 */
export async function syncDerivedTags(db: Kysely<Database>, courseIds?: readonly number[]): Promise<void> {
  const tagIds = await derivedTagIds(db);
  const derivedIds = [...tagIds.values()];
  const ids =
    courseIds ?? (await db.selectFrom('course').select('id').orderBy('id').execute()).map((course) => course.id);
  for (const chunk of chunks(ids, 500)) {
    const rows = await db
      .selectFrom('course')
      .select(['id', 'start_date', 'end_date', 'start_time', 'meeting_days'])
      .where('id', 'in', chunk)
      .execute();
    if (derivedIds.length > 0)
      await db.deleteFrom('course_tag').where('course_id', 'in', chunk).where('tag_id', 'in', derivedIds).execute();
    const links = rows.flatMap((row) =>
      derivedTags({
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: row.start_time,
        meetingDays: parseMeetingDays(row.meeting_days),
      }).flatMap(([, slug]) => {
        const tagId = tagIds.get(slug);
        return tagId === undefined ? [] : [{ course_id: row.id, tag_id: tagId }];
      }),
    );
    for (const part of chunks(links, 500)) await db.insertInto('course_tag').values(part).execute();
  }
}
