import type { PricingFacts, PricingRequest } from './model.ts';
import { packageKey } from './model.ts';

/**
 * Field errors for what the request names but the shop does not sell (unknown course, product or package, or a
 * course under another type), keyed like validation errors (`courses.0.courseId`). Empty when all is known.
 */
export function unknownItemFields(
  request: PricingRequest,
  facts: Pick<PricingFacts, 'courses' | 'products' | 'packagePrices'>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  request.courses.forEach(({ courseId, courseType }, index) => {
    const course = facts.courses.get(courseId);
    if (!course) fields[`courses.${index}.courseId`] = 'Unknown course';
    else if (course.type !== courseType) fields[`courses.${index}.courseType`] = `The course has type ${course.type}`;
  });
  request.products.forEach(({ productId }, index) => {
    if (!facts.products.has(productId)) fields[`products.${index}.productId`] = 'Unknown product';
  });
  request.packages.forEach(({ packageType, amount }, index) => {
    if (!facts.packagePrices.has(packageKey(packageType, amount)))
      fields[`packages.${index}.amount`] = 'No package of this amount';
  });
  return fields;
}
