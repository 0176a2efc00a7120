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
} from './cart.ts';
export { decodeCartSync, encodeCartSync } from './cartSync.ts';
export {
  isExamResultExpired,
  levelTestResultStorageKey,
  readStoredExamResult,
  useLevelTestResultStore,
  type LevelTestResultState,
} from './levelTest.ts';
