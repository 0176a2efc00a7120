import { adjustCourseQuantity } from './adjustments.ts';
import { creditAllocator } from './credits.ts';
import { applyDiscountCodes } from './discounts.ts';
import {
  packageKey,
  type PriceCalculation,
  type PricedItem,
  type PricedLine,
  type PricingFacts,
  type PricingRequest,
} from './model.ts';

/**
 * The price of a cart (docs/product-rules.md#cart): pure, in integer cents. Facts must cover every id of the request
 * (checkRequestAgainstFacts guarantees it); the route turns the outcome into the Price result of docs/product-rules.md#data.
 *
 * 1. Courses are cut to what can still be booked (quantity adjustments) and priced at that quantity.
 * 2. Package credits of a logged-in customer pay for conversation hours and flexible appointments.
 * 3. Discount codes apply, in the order given, to what is left; the total never goes below 0.
 */
export function calculatePrice(request: PricingRequest, facts: PricingFacts): PriceCalculation {
  const adjustments = [];
  const lines: PricedLine[] = [];
  const credits = creditAllocator(facts.balances, request.packages);

  for (const { courseId, quantity: requested } of request.courses) {
    const course = facts.courses.get(courseId);
    if (!course) throw new Error(`No facts for course ${courseId}`);
    const adjustment = adjustCourseQuantity(course, requested, facts.today);
    if (adjustment) adjustments.push(adjustment);
    const quantity = adjustment ? adjustment.adjustedQuantity : requested;
    // A course that cannot be booked at all is reported, not priced.
    if (quantity === 0) continue;
    lines.push(
      line(
        { itemType: 'course', courseId, courseType: course.type },
        quantity,
        course.unitPriceCents,
        credits(course.type, quantity),
      ),
    );
  }
  for (const { productId, quantity } of request.products) {
    const product = facts.products.get(productId);
    if (!product) throw new Error(`No facts for product ${productId}`);
    lines.push(line({ itemType: 'product', productId }, quantity, product.unitPriceCents, 0));
  }
  for (const { packageType, amount, quantity } of request.packages) {
    const price = facts.packagePrices.get(packageKey(packageType, amount));
    if (price === undefined) throw new Error(`No price for package ${packageType} × ${amount}`);
    lines.push(line({ itemType: 'package', packageType, amount }, quantity, price, 0));
  }

  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const creditsCents = lines.reduce((sum, l) => sum + l.appliedCredits * l.unitPriceCents, 0);
  const codes = applyDiscountCodes(request.discountCodes, facts.discountCodes, lines, {
    afterCreditsCents: subtotalCents - creditsCents,
    now: facts.now,
  });
  for (const l of lines) l.finalCents = (l.quantity - l.appliedCredits) * l.unitPriceCents - l.discountCents;
  const discountCents = codes.reduce((sum, c) => sum + c.discountCents, 0);
  const totalCents = Math.max(0, subtotalCents - creditsCents - discountCents);
  return { lines, subtotalCents, creditsCents, totalCents, codes, adjustments };
}

function line(what: PricedItem, quantity: number, unitPriceCents: number, appliedCredits: number): PricedLine {
  return { ...what, quantity, unitPriceCents, appliedCredits, discountCents: 0, discountCodes: [], finalCents: 0 };
}
