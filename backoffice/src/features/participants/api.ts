import type { CourseParticipants } from '@shop/shared/contract/admin';
import { adminCall, adminDownload } from '../../api/http.ts';

/** listCourseParticipants. */
export function loadParticipants(courseId: number, signal?: AbortSignal) {
  return adminCall<CourseParticipants>(`/courses/${courseId}/participants`, { signal });
}

/** exportCourseParticipants: the server's CSV (UTF-8 with BOM) as a file. */
export function downloadParticipants(courseId: number) {
  return adminDownload(`/courses/${courseId}/participants/export`);
}
