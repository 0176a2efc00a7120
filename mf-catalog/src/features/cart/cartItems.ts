import type { Course, NewCartItem, Product } from '@shop/shared';

/**
 * One place in a course, or one appointment of a flexible-learning course (a course of type 2); with the token
 * of a waitlist offer when the place is one the offer holds for the buyer.
 */
export const courseCartItem = (course: Course, offerToken?: string): NewCartItem => ({
  itemType: 'course',
  quantity: 1,
  courseId: course.id,
  courseType: course.type,
  courseDetails: course,
  ...(offerToken ? { offerToken } : {}),
});

export const productCartItem = (product: Product): NewCartItem => ({
  itemType: 'product',
  quantity: 1,
  productId: product.id,
  productDetails: product,
});
