import {
  CourseType,
  fetchCourseTags,
  type Course,
  type CourseSearchFilter,
  type FlexibleLearningCourse,
  type LoadSpec,
  type Product,
  type TagCategory,
} from '@shop/shared';
import { loadCourses, loadFlexibleCourses, loadProducts } from './catalogData.ts';

/**
 * The loads of the listing screens, each with its key, in one place: the screens run them through useLoad, and
 * firstScreenLoads starts the first screen's before it renders, under the same keys. Keys start with
 * `catalog:`, since early loads are keyed page-wide.
 */

export const tagsLoad: LoadSpec<TagCategory[]> = { key: 'catalog:tags', load: () => fetchCourseTags() };

/** Courses of one type matching the filter. */
export const coursesLoad = (filter: CourseSearchFilter): LoadSpec<Course[]> => ({
  key: `catalog:courses:${JSON.stringify(filter)}`,
  load: (signal) => loadCourses(filter, signal),
});

const byStart = (a: Course, b: Course) =>
  a.startDate.localeCompare(b.startDate) || (a.startTime ?? '99').localeCompare(b.startTime ?? '99');

/** Group courses and conversation hours matching the filter, in start order (the combined listing). */
export const combinedCoursesLoad = (filter: Omit<CourseSearchFilter, 'type'>): LoadSpec<Course[]> => ({
  key: `catalog:combined-courses:${JSON.stringify(filter)}`,
  load: async (signal) => {
    const [group, conversation] = await Promise.all([
      loadCourses({ ...filter, type: CourseType.fullCourse }, signal),
      loadCourses({ ...filter, type: CourseType.conversationHours }, signal),
    ]);
    return [...group, ...conversation].sort(byStart);
  },
});

/** Bookable flexible-learning courses, or only the one with this id. */
export const flexibleLoad = (only?: number): LoadSpec<FlexibleLearningCourse[]> => ({
  key: `catalog:flexible:${only ?? 'all'}`,
  load: () => loadFlexibleCourses(only),
});

/** Products, or only the one with this id. */
export const productsLoad = (productId?: number): LoadSpec<Product[]> => ({
  key: `catalog:products:${productId ?? 'all'}`,
  load: (signal) => loadProducts(productId === undefined ? {} : { productId }, signal),
});
