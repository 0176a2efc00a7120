import type { Course } from '@shop/shared';

/** Radio choice that can be undone (docs/product-rules.md#screens): choosing the chosen slot again clears the choice. */
export function chooseSlot(current: number | null, chosen: number): number | null {
  return current === chosen ? null : chosen;
}

/**
 * The price a flexible-learning card shows: the chosen appointment's, else the lowest one — marked "from"
 * when appointments cost different amounts.
 */
export function flexiblePrice(courses: readonly Course[], chosenId: number | null) {
  const chosen = courses.find((c) => c.id === chosenId);
  if (chosen) return { price: chosen.price, discountedPrice: chosen.discountedPrice, from: false };
  const effective = (c: Course) => c.discountedPrice ?? c.price;
  const cheapest = [...courses].sort((a, b) => effective(a) - effective(b))[0];
  if (!cheapest) return null;
  return {
    price: cheapest.price,
    discountedPrice: cheapest.discountedPrice,
    from: new Set(courses.map(effective)).size > 1,
  };
}
