import {
  courseSearchResultSchema,
  courseTagsResultSchema,
  type CourseSearchFilter,
} from '../contract/index.ts';
import { call } from './client.ts';

export const searchCourses = (filter: CourseSearchFilter, signal?: AbortSignal) =>
  call({
    path: '/course/search',
    query: { ...filter },
    result: courseSearchResultSchema,
    failure: 'Failed to search courses',
    signal,
  });

export const fetchCourseTags = () =>
  call({ path: '/course/tags', result: courseTagsResultSchema, failure: 'Failed to fetch course tags' });
