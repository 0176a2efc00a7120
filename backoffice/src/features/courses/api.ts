import type { AdminCourse } from '@shop/shared/contract/admin';
import { createCourseBodySchema, updateCourseBodySchema } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';
import { registerResource } from '../../api/dataProvider.ts';

/** A month of the filter (`2026-03`) as the first and last start date the API filters by. */
export function monthRange(month: unknown): { startFrom?: string; startTo?: string } {
  if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return {};
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { startFrom: `${month}-01`, startTo: `${month}-${String(last).padStart(2, '0')}` };
}

registerResource('courses', {
  path: '/courses',
  writable: Object.keys(createCourseBodySchema.shape),
  updatable: Object.keys(updateCourseBodySchema.shape),
  // updateCourse answers { course, moved, mailsQueued }; createCourse the course itself.
  itemOf: (result) => ('course' in result ? (result.course as AdminCourse & { id: number }) : undefined),
  listQuery: ({ month, ...filter }) => ({ ...(filter as Record<string, string>), ...monthRange(month) }),
});

export type CourseAction = 'publish' | 'unpublish' | 'cancel';

/** publishCourse, unpublishCourse, cancelCourse. */
export function courseAction(id: number, action: CourseAction, body: Record<string, unknown> = {}) {
  return adminCall<Record<string, unknown>>(`/courses/${id}/${action}`, { method: 'POST', body });
}

export const courseTypes = [1, 3, 2] as const;
export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;
