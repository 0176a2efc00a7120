import { TagCategoryId, type Course } from '@shop/shared';

/** Level shown on a card: the course's level tag, a1 when it has none (spec §4). */
export function courseLevel(course: Pick<Course, 'tags'>): string {
  return course.tags.find((tag) => tag.categoryId === TagCategoryId.level)?.slug ?? 'a1';
}

/** The price a learner pays: the discounted price when there is one. */
export function effectivePrice(course: Pick<Course, 'price' | 'discountedPrice'>): number {
  return course.discountedPrice ?? course.price;
}
