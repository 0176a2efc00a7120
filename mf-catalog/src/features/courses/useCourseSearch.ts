import { useEffect, useState } from 'react';
import { searchCourses, type Course, type CourseSearchFilter } from '@shop/shared';

export type CourseSearchState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; courses: Course[] };

/** Runs the course search for `filter`, cancelling a search that a newer filter made obsolete. */
export function useCourseSearch(filter: CourseSearchFilter): CourseSearchState {
  const [state, setState] = useState<CourseSearchState>({ status: 'loading' });
  const key = JSON.stringify(filter);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchCourses(JSON.parse(key) as CourseSearchFilter, controller.signal).then(
      (result) => setState({ status: 'done', courses: result.items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}
