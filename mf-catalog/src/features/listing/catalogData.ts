import {
  fetchFlexibleLearningCourses,
  searchCourses,
  searchProducts,
  type Course,
  type CourseSearchFilter,
  type Product,
  type ProductSearchFilter,
} from '@shop/shared';

/** Pages a listing reads at most (100 each): a slider of more than 500 offers helps nobody. */
const maxPages = 5;

async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) break;
  }
  return items;
}

/** Every course matching `filter` (all pages, up to the cap). */
export const loadCourses = (filter: CourseSearchFilter, signal?: AbortSignal): Promise<Course[]> =>
  allPages((page) => searchCourses({ ...filter, page, limit: 100 }, signal));

export const loadProducts = (filter: ProductSearchFilter, signal?: AbortSignal): Promise<Product[]> =>
  allPages((page) => searchProducts({ ...filter, page, limit: 100 }, signal));

/**
 * Flexible-learning courses that can be booked: in the list, modules without upcoming appointments are left out.
 * The one module a link names (`flexLearningId`, e.g. a level-test recommendation) is shown also without them: its
 * card says that no appointment can be booked now, rather than the listing saying there is no such course.
 */
export const loadFlexibleCourses = async (only?: number) =>
  (await fetchFlexibleLearningCourses()).filter((course) =>
    only === undefined ? course.courses.length > 0 : course.id === only,
  );
