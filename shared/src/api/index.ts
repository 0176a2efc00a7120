export { ApiError } from './errors.ts';
export { onUnauthorized } from './unauthorized.ts';
export { call, configureApi, toQueryString } from './client.ts';
export { fetchCourseTags, searchCourses } from './catalog.ts';
export { fetchTranslations } from './translation.ts';
