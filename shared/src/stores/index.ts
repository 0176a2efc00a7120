export { adoptTokenFromUrl, customerDataKey, logInFromLink, selectIsLoggedIn, useAuthStore } from './auth.ts';
export { useCustomerStore } from './customer.ts';
export {
  cartItemKey,
  courseCartLine,
  newCartItemId,
  selectCartCount,
  syncCartAcrossTabs,
  useCartStore,
  type NewCartItem,
  type NewPackageItem,
} from './cart.ts';
export { cartItemName, type NamedItem } from './cartItemName.ts';
export { readStorage, writeStorage } from './safeStorage.ts';
export { adoptCartSyncFromUrl, cartSyncQueryParameter } from './cartTransfer.ts';
export { encodeCartSync } from './cartSync.ts';
export { isExamResultExpired, useLevelTestResultStore } from './levelTest.ts';
