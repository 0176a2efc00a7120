import { CourseType, courseTypeSchema, queryIdSchema, type CourseType as CourseTypeValue } from '@shop/shared';

/**
 * `courseType` of the /courses query (spec §5): an integer naming one of the three course types. Anything
 * else is ignored, and the page lists group courses.
 */
export function readCourseType(search: string): CourseTypeValue {
  const raw = new URLSearchParams(search).get('courseType');
  const id = queryIdSchema.safeParse(raw ?? undefined);
  const type = courseTypeSchema.safeParse(id.success ? id.data : undefined);
  return type.success ? type.data : CourseType.fullCourse;
}
