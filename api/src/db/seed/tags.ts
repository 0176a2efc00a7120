import { TagCategoryId } from '@shop/shared/contract';
import { daysBetween, monthIndex, weekdayIndex } from '../../lib/dates.ts';

/** Tag categories with fixed ids (the client relies on 3 = level and 6 = weekday) and their tags, in order. */
export const seedTagCategories = [
  { id: TagCategoryId.time, slug: 'time', tags: ['morning', 'afternoon', 'evening'] },
  {
    id: TagCategoryId.month,
    slug: 'month',
    tags: [
      'january',
      'february',
      'march',
      'april',
      'may',
      'june',
      'july',
      'august',
      'september',
      'october',
      'november',
      'december',
    ],
  },
  { id: TagCategoryId.level, slug: 'level', tags: ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'] },
  { id: TagCategoryId.timeRange, slug: 'time-range', tags: ['short', 'medium', 'long'] },
  { id: TagCategoryId.collection, slug: 'collection', tags: ['online-intensivecourses'] },
  {
    id: TagCategoryId.weekday,
    slug: 'weekday',
    tags: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  },
] as const;

export type Level = 'a1' | 'a2' | 'b1' | 'b2' | 'c1' | 'c2';

const category = (id: number) => seedTagCategories.find((c) => c.id === id)!.tags;

/** morning before 12:00, afternoon until 17:00, evening from 17:00 (courses start no later than 20:00). */
export function timeOfDayTag(startTime: string): 'morning' | 'afternoon' | 'evening' {
  if (startTime < '12:00') return 'morning';
  if (startTime < '17:00') return 'afternoon';
  return 'evening';
}

/** short up to 4 weeks, medium up to 10 weeks, long beyond (measured first day to last day). */
export function timeRangeTag(startDate: string, endDate: string): 'short' | 'medium' | 'long' {
  const days = daysBetween(startDate, endDate);
  if (days <= 28) return 'short';
  if (days <= 70) return 'medium';
  return 'long';
}

/**
 * The tags every course carries, derived from its dates so they can never contradict them:
 * level, month of the start date, time of day (none when held by appointment), duration, and the weekdays it
 * meets on (`meetingDays`, 0 = Monday; by default the start date's alone).
 */
export function courseTags(
  course: { startDate: string; endDate: string; startTime: string | null },
  level: Level,
  extra: string[] = [],
  meetingDays: readonly number[] = [weekdayIndex(course.startDate)],
): string[] {
  return [
    ...(course.startTime ? [timeOfDayTag(course.startTime)] : []),
    category(TagCategoryId.month)[monthIndex(course.startDate)]!,
    level,
    timeRangeTag(course.startDate, course.endDate),
    ...extra,
    ...meetingDays.map((day) => category(TagCategoryId.weekday)[day]!),
  ];
}
