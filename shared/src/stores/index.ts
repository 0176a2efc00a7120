export { adoptTokenFromUrl, selectIsLoggedIn, tokenQueryParameter, tokenStorageKey, useAuthStore, type AuthState } from './auth.ts';
export { useCustomerStore, type CustomerState } from './customer.ts';
export {
  cartItemKey,
  cartStorageKey,
  newCartItemId,
  readStoredCart,
  selectCartCount,
  syncCartAcrossTabs,
  useCartStore,
  type CartState,
  type NewCartItem,
  type NewPackageItem,
} from './cart.ts';
export { appliedDiscountCodes, detectApplePay, useCartPriceStore, type CartPriceState } from './cartPrice.ts';
export { useCartNotificationStore, type CartNotificationState } from './cartNotifications.ts';
export { applyQuantityAdjustments, cartItemName, priceDebounceMs, startCartPricing, toPriceRequest } from './cartPricing.ts';
export { adoptCartSync, cartSyncQueryParameter, resolveCartSync } from './cartTransfer.ts';
export { decodeCartSync, encodeCartSync } from './cartSync.ts';
export {
  forgetSubmittedCart,
  mergeSubmittedItems,
  readSubmittedCart,
  rememberSubmittedCart,
  restoreSubmittedCart,
  submittedCartStorageKey,
  type SubmittedCart,
} from './submittedCart.ts';
export {
  isExamResultExpired,
  levelTestResultStorageKey,
  readStoredExamResult,
  useLevelTestResultStore,
  type LevelTestResultState,
} from './levelTest.ts';
