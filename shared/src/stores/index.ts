export { adoptTokenFromUrl, customerDataKey, logInFromLink, selectIsLoggedIn, useAuthStore } from './auth.ts';
export { useCustomerStore } from './customer.ts';
export {
  courseCartLine,
  newCartItemId,
  selectCartCount,
  syncCartAcrossTabs,
  useCartStore,
  type NewCartItem,
  type NewPackageItem,
} from './cart.ts';
export { appliedDiscountCodes, useCartPriceStore } from './cartPrice.ts';
export { useCartNotificationStore } from './cartNotifications.ts';
export { applyQuantityAdjustments, startCartPricing, toPriceRequest } from './cartPricing.ts';
export { cartItemName } from './cartItemName.ts';
export { readStorage, writeStorage } from './safeStorage.ts';
export { adoptCartSyncFromUrl, cartSyncQueryParameter } from './cartTransfer.ts';
/**
 * No area of this release calls it (the boot reads cartSync, adoptCartSyncFromUrl), but the cart area of 1.1.0 does:
 * a minor keeps what a released remote imports (docs/decisions/0032-version-skew.md).
 * @public
 */
export { adoptCartSync } from './cartTransfer.ts';
export { encodeCartSync } from './cartSync.ts';
export {
  forgetSubmittedCart,
  readSubmittedCart,
  rememberSubmittedCart,
  restoreSubmittedCart,
  takeBackWaitingCart,
  type SubmittedCart,
} from './submittedCart.ts';
export { isExamResultExpired, useLevelTestResultStore } from './levelTest.ts';
