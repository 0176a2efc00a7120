import { CourseType, pickText, type CourseType as CourseTypeValue } from '../contract/index.ts';
import { cartItemKey, type NewCartItem } from '../stores/cart.ts';
import { pushDeduplicated, type DataLayerEntry } from './dataLayer.ts';

/** One item of an ecommerce event, with the fields of spec §7. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_category: string;
  price: number;
  quantity: number;
  discount: number;
  /** Packages only. */
  sku?: string;
}

export interface EcommerceEvent extends DataLayerEntry {
  event: 'add_to_cart' | 'begin_checkout' | 'purchase';
  ecommerce: { transaction_id: string; value: number; currency: 'EUR'; items: AnalyticsItem[]; coupon: string };
}

const courseCategory: Record<CourseTypeValue, string> = {
  [CourseType.fullCourse]: 'full_course',
  [CourseType.flexibleAppointment]: 'flexible_learning',
  [CourseType.conversationHours]: 'conversation_hours',
};

const cents = (euro: number) => Math.round(euro * 100);

/** A cart item as an analytics item: German name (reports stay in one language), the price paid, the discount. */
export function toAnalyticsItem(item: NewCartItem): AnalyticsItem {
  const details = item.itemType === 'course' ? item.courseDetails : item.productDetails;
  const paid = details.discountedPrice ?? details.price;
  return {
    item_id: cartItemKey(item),
    item_name: pickText(details.titles, 'de'),
    item_category: item.itemType === 'course' ? courseCategory[item.courseType] : 'product',
    price: paid,
    quantity: item.quantity,
    discount: (cents(details.price) - cents(paid)) / 100,
  };
}

/** The `add_to_cart` event of spec §7 for items just added; `transactionId` names this one user action. */
export function addToCartEvent(items: readonly NewCartItem[], options: { transactionId: string; coupons?: readonly string[] }): EcommerceEvent {
  const analyticsItems = items.map(toAnalyticsItem);
  return {
    event: 'add_to_cart',
    ecommerce: {
      transaction_id: options.transactionId,
      value: analyticsItems.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0) / 100,
      currency: 'EUR',
      items: analyticsItems,
      coupon: (options.coupons ?? []).join(','),
    },
  };
}

/** Pushes `add_to_cart` for items just added to the cart (deduplicated); returns whether it was pushed. */
export function trackAddToCart(items: readonly NewCartItem[], options: { transactionId: string; coupons?: readonly string[] }): boolean {
  return pushDeduplicated(addToCartEvent(items, options));
}
