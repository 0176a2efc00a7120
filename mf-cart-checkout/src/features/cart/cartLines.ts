import { pickText, type CartItem } from '@shop/shared';

export interface CartLineView {
  id: string;
  title: string;
  startDate: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/**
 * What the cart shows per line, from the details stored with the item. The binding price comes from the
 * server's price calculation (cart-and-pricing issue); these are the catalog prices the learner saw.
 */
export function toCartLine(item: CartItem, language: string): CartLineView {
  // Product lines exist since the catalog issue (products have no start date).
  const details = item.itemType === 'course' ? item.courseDetails : item.productDetails;
  const unitPrice = details.discountedPrice ?? details.price;
  return {
    id: item.id,
    title: pickText(details.titles, language),
    startDate: item.itemType === 'course' ? item.courseDetails.startDate : null,
    quantity: item.quantity,
    unitPrice,
    lineTotal: Math.round(unitPrice * 100 * item.quantity) / 100,
  };
}

export const cartTotal = (lines: readonly CartLineView[]) =>
  Math.round(lines.reduce((sum, line) => sum + Math.round(line.lineTotal * 100), 0)) / 100;
