import { CourseType, pickText, type CartItem, type CourseType as CourseTypeValue } from '../contract/index.ts';
import { centsToEuros, eurosToCents } from '../money/index.ts';
import { cartItemKey, type NewCartItem, type NewPackageItem } from '../stores/cart.ts';
import { cartItemName } from '../stores/cartItemName.ts';
import { readStorage, writeStorage } from '../stores/safeStorage.ts';
import { pushDeduplicated, type DataLayerEntry } from './dataLayer.ts';

/** One item of an ecommerce event, with the fields of docs/product-rules.md#api-calls. */
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

export type EcommerceEventName = 'add_to_cart' | 'begin_checkout' | 'purchase';

export interface EcommerceEvent extends DataLayerEntry {
  event: EcommerceEventName;
  ecommerce: { transaction_id: string; value: number; currency: 'EUR'; items: AnalyticsItem[]; coupon: string };
}

/** What every ecommerce event is built from besides its items. */
export interface EcommerceOptions {
  /** Names this one user action (add_to_cart), checkout (begin_checkout) or order (purchase: its number). */
  transactionId: string;
  /** Discount codes, comma-joined into `coupon`. */
  coupons?: readonly string[];
  /** The total the server calculated; the sum of the items' prices without it. */
  value?: number;
}

/** Anything the cart holds or is given: a listing's course or product, the cart's package offer, a cart line. */
type AnyCartItem = NewCartItem | NewPackageItem | CartItem;

const courseCategory: Record<CourseTypeValue, string> = {
  [CourseType.fullCourse]: 'full_course',
  [CourseType.flexibleAppointment]: 'flexible_learning',
  [CourseType.conversationHours]: 'conversation_hours',
};

/**
 * A cart item as an analytics item: German name (reports stay in one language; a package's too, named like on every
 * screen rather than by the title stored in the language it was chosen in), the price paid, the discount;
 * packages also carry a `sku` naming type and amount (docs/product-rules.md#api-calls), since one package type comes in several sizes.
 */
export function toAnalyticsItem(item: AnyCartItem): AnalyticsItem {
  const priced = (price: number, discountedPrice: number | null) => {
    const paid = discountedPrice ?? price;
    return { price: paid, discount: centsToEuros(eurosToCents(price) - eurosToCents(paid)), quantity: item.quantity };
  };
  switch (item.itemType) {
    case 'course': {
      const details = item.courseDetails;
      return {
        item_id: cartItemKey(item),
        item_name: pickText(details.titles, 'de'),
        item_category: courseCategory[item.courseType],
        ...priced(details.price, details.discountedPrice),
      };
    }
    case 'product': {
      const details = item.productDetails;
      return {
        item_id: cartItemKey(item),
        item_name: pickText(details.titles, 'de'),
        item_category: 'product',
        ...priced(details.price, details.discountedPrice),
      };
    }
    case 'package': {
      const sku = `${item.packageType}_${item.amount}`;
      return {
        item_id: `package_${sku}`,
        item_name: cartItemName(item, 'de'),
        item_category: `package_${item.packageType}`,
        sku,
        ...priced(item.packageDetails.price, item.packageDetails.discountedPrice),
      };
    }
  }
}

/** One ecommerce event of docs/product-rules.md#api-calls with its fields: transaction id, value, EUR, items and coupons. */
export function ecommerceEvent(
  event: EcommerceEventName,
  items: readonly AnyCartItem[],
  options: EcommerceOptions,
): EcommerceEvent {
  const analyticsItems = items.map(toAnalyticsItem);
  const sum = centsToEuros(analyticsItems.reduce((total, i) => total + eurosToCents(i.price) * i.quantity, 0));
  return {
    event,
    ecommerce: {
      transaction_id: options.transactionId,
      value: options.value ?? sum,
      currency: 'EUR',
      items: analyticsItems,
      coupon: (options.coupons ?? []).join(','),
    },
  };
}

/**
 * The `add_to_cart` event of docs/product-rules.md#api-calls for items just added (a listing's course or product, or
 * the package chosen in the cart, whose `sku` names type and amount); `transactionId` names this one user action.
 */
export function addToCartEvent(
  items: readonly (NewCartItem | NewPackageItem)[],
  options: EcommerceOptions,
): EcommerceEvent {
  return ecommerceEvent('add_to_cart', items, options);
}

/** Pushes `add_to_cart` for items just added to the cart (deduplicated); returns whether it was pushed. */
export function trackAddToCart(items: readonly (NewCartItem | NewPackageItem)[], options: EcommerceOptions): boolean {
  return pushDeduplicated(addToCartEvent(items, options));
}

/**
 * `begin_checkout` (docs/product-rules.md#states Checkout): once, when the checkout's first price calculation arrives, with the
 * server's total as value. The same checkout reported again (same transaction id and content) is dropped.
 */
export function trackBeginCheckout(items: readonly AnyCartItem[], options: EcommerceOptions): boolean {
  return pushDeduplicated(ecommerceEvent('begin_checkout', items, options));
}

/** localStorage key of the purchase waiting for its confirmation page (docs/product-rules.md#states Checkout submit step 4). */
export const pendingPurchaseStorageKey = 'analytics:purchase';

/**
 * Checkout submit, step 4: builds the `purchase` event for the order just created (its number as the
 * transaction id) and stores it locally, because the browser may leave for the payment page first.
 */
export function recordPurchase(items: readonly AnyCartItem[], options: EcommerceOptions): EcommerceEvent {
  const event = ecommerceEvent('purchase', items, options);
  writeStorage('local', pendingPurchaseStorageKey, JSON.stringify(event));
  return event;
}

/**
 * The confirmation page (docs/product-rules.md#screens): fires the stored purchase once, and only when its transaction id is the
 * order shown. Returns whether it was pushed.
 */
export function firePendingPurchase(orderId: string): boolean {
  let event: EcommerceEvent | null = null;
  try {
    event = JSON.parse(readStorage('local', pendingPurchaseStorageKey) ?? 'null') as EcommerceEvent | null;
  } catch {
    event = null;
  }
  if (event?.event !== 'purchase' || event.ecommerce?.transaction_id !== orderId) return false;
  writeStorage('local', pendingPurchaseStorageKey, null);
  return pushDeduplicated(event);
}
