import { searchCourses, type Course, CourseType } from '@shop/shared';

/** How many of a kind's courses the result page shows as cards; the listing link shows all. */
export const recommendedCount = 3;

/** Today as yyyy-MM-dd in the learner's time zone (deadlines are calendar dates). */
function localToday(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The next courses a learner can book now: a place free, registration open, soonest first. */
export function nextBookable(courses: readonly Course[], now: Date, count = recommendedCount): Course[] {
  const today = localToday(now);
  return courses
    .filter((course) => course.freePlaces > 0 && course.registrationDeadline >= today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || (a.startTime ?? '').localeCompare(b.startTime ?? ''))
    .slice(0, count);
}

/** The bookable courses of a level tag and course type (1 group, 3 conversation), from the catalogue's search. */
export async function loadNextCourses(
  tag: string,
  type: typeof CourseType.fullCourse | typeof CourseType.conversationHours,
  signal: AbortSignal,
): Promise<Course[]> {
  const { items } = await searchCourses({ tags: [tag], type, limit: 100 }, signal);
  return nextBookable(items, new Date());
}
