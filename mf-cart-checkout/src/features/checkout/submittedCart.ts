import {
  cartItemKey,
  submittedCartSchema,
  type SubmittedCart,
  cartLifetimeMs,
  newCartItemId,
  readStorage,
  useCartStore,
  writeStorage,
  type CartItem,
} from '@shop/shared';
import { useCartPriceStore } from '../pricing/cartPrice.ts';

/**
 * The cart a buyer submitted while its order waits for the payment. The checkout clears the cart at submit; when
 * the payment then fails, is canceled or expires, the return page puts this cart back, and a paid order forgets
 * it (docs/decisions/0004-checkout-return.md). One slot in localStorage: the browser leaves for the provider's
 * page and comes back with a fresh page load.
 */
export const submittedCartStorageKey = 'cart:submitted';

/** The submitted cart in storage, or null when there is none, it is malformed or older than a cart may be. */
export function readSubmittedCart(now = Date.now()): SubmittedCart | null {
  try {
    const parsed = submittedCartSchema.safeParse(JSON.parse(readStorage('local', submittedCartStorageKey) ?? 'null'));
    if (!parsed.success || now - parsed.data.timestamp > cartLifetimeMs) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** Keeps the cart of order `orderId` before the checkout clears it (replaces any earlier one). */
export function rememberSubmittedCart(cart: Omit<SubmittedCart, 'timestamp'>, now = Date.now()): void {
  writeStorage('local', submittedCartStorageKey, JSON.stringify({ ...cart, timestamp: now }));
}

/** Drops the kept cart when it is order `orderId`'s (a paid order); another order's cart stays. */
export function forgetSubmittedCart(orderId: string): void {
  if (readSubmittedCart()?.orderId === orderId) writeStorage('local', submittedCartStorageKey, null);
}

/**
 * The submitted lines merged into the current ones. A thing in both keeps the larger quantity (the buyer added it
 * again, not twice); a package only comes back when the current cart has none (one package at a time, the newer
 * choice wins); the rest is added. The normal re-pricing then checks the quantities against the places left.
 */
export function mergeSubmittedItems(current: readonly CartItem[], submitted: readonly CartItem[]): CartItem[] {
  const merged = [...current];
  const ids = new Set(current.map((line) => line.id));
  for (const line of submitted) {
    const index = merged.findIndex((existing) => cartItemKey(existing) === cartItemKey(line));
    if (index >= 0) merged[index] = { ...merged[index]!, quantity: Math.max(merged[index]!.quantity, line.quantity) };
    else if (line.itemType !== 'package' || !merged.some((existing) => existing.itemType === 'package'))
      merged.push(ids.has(line.id) ? { ...line, id: newCartItemId() } : line);
  }
  return merged;
}

/**
 * After order `orderId`'s payment failed: its cart goes back into the cart (merged with whatever is there now) and
 * its discount codes back into the price side, then the kept copy is dropped. Returns whether anything came back.
 */
export function restoreSubmittedCart(orderId: string): boolean {
  const submitted = readSubmittedCart();
  if (submitted?.orderId !== orderId) return false;
  const cart = useCartStore.getState();
  cart.replaceItems(mergeSubmittedItems(cart.items, submitted.items));
  for (const code of submitted.discountCodes) useCartPriceStore.getState().addDiscountCode(code);
  writeStorage('local', submittedCartStorageKey, null);
  return true;
}

/**
 * Back from the payment page without paying (the back button, the provider's "back to the shop", a closed tab): the
 * order still waits, and the buyer should find the cart as it was. When the cart is empty, the kept cart's items and
 * codes go back into it, and the kept copy stays (the order may still be paid; the checkout asks). Returns the kept
 * cart of a waiting order (null when there is none, or it is not one this browser can continue) and whether its items
 * were put back.
 */
export function takeBackWaitingCart(): { waiting: SubmittedCart; restored: boolean } | null {
  const submitted = readSubmittedCart();
  if (!submitted?.paymentLink || !submitted.email) return null;
  const cart = useCartStore.getState();
  // A render that React discards (a suspended first render) asks again: the items it put back are still its own.
  if (cart.items.length > 0) return { waiting: submitted, restored: takenBackInThisPage === submitted.orderId };
  cart.replaceItems(submitted.items);
  for (const code of submitted.discountCodes) useCartPriceStore.getState().addDiscountCode(code);
  takenBackInThisPage = submitted.orderId;
  return { waiting: submitted, restored: true };
}

/** The order whose kept cart takeBackWaitingCart put back into the cart during this page's life. */
let takenBackInThisPage: string | null = null;
