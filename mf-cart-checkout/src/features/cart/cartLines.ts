import {
  CourseType,
  itemKey,
  PackageType,
  pickText,
  presentResultItem,
  type CartItem,
  type PackagePrice,
  type PriceResult,
  type PresentedLine,
  type PriceResultItem,
} from '@shop/shared';

/** What the cart shows per line: the stored details for naming it, the server's price for what it costs. */
export interface CartLineView {
  id: string;
  item: CartItem;
  /** Texts the screen translates: a course or product title as is; a package by type and amount. */
  title: { text: string } | { packageType: PackageType; amount: number };
  startDate: string | null;
  quantity: number;
  /** Unit price: the server's when priced, else the catalog price the learner saw. */
  unitPrice: number;
  /** List price, named discounts and amount to pay; null until the server priced it. */
  price: PresentedLine | null;
  /** Which unit the quantity counts: places, items, packages. */
  unit: 'place' | 'piece' | 'package';
}

/** The priced line of the server's result that belongs to a cart item. */
export function priceOf(item: CartItem, result: PriceResult | null): PriceResultItem | undefined {
  const key = itemKey(item);
  return result?.items.find((line) => itemKey(line) === key);
}

export function toCartLine(item: CartItem, language: string, result: PriceResult | null): CartLineView {
  const priced = priceOf(item, result);
  const base = {
    id: item.id,
    item,
    quantity: item.quantity,
    price: priced ? presentResultItem(priced) : null,
  };
  if (item.itemType === 'package') {
    const details = item.packageDetails;
    return {
      ...base,
      title: { packageType: item.packageType, amount: item.amount },
      startDate: null,
      unitPrice: priced?.unitPrice ?? details.discountedPrice ?? details.price,
      unit: 'package',
    };
  }
  const details = item.itemType === 'course' ? item.courseDetails : item.productDetails;
  return {
    ...base,
    title: { text: pickText(details.titles, language) },
    startDate: item.itemType === 'course' ? item.courseDetails.startDate : null,
    unitPrice: priced?.unitPrice ?? details.discountedPrice ?? details.price,
    unit: item.itemType === 'course' ? 'place' : 'piece',
  };
}

/**
 * Package offers (docs/product-rules.md#states Cart): only when the cart holds exactly one conversation-hour or flexible-learning
 * course; the packages of that type with an amount above 1, by amount.
 */
export function packageOffers(
  items: readonly CartItem[],
  prices: readonly PackagePrice[],
): { type: PackageType; offers: PackagePrice[] } | null {
  const courses = items.filter(
    (item) =>
      item.itemType === 'course' &&
      (item.courseType === CourseType.conversationHours || item.courseType === CourseType.flexibleAppointment),
  );
  if (courses.length !== 1) return null;
  const course = courses[0]!;
  const type =
    course.itemType === 'course' && course.courseType === CourseType.conversationHours
      ? PackageType.conversationHours
      : PackageType.flexibleLearning;
  const offers = prices.filter((price) => price.type === type && price.amount > 1).sort((a, b) => a.amount - b.amount);
  return offers.length > 0 ? { type, offers } : null;
}
