export { selectIsLoggedIn, tokenStorageKey, useAuthStore, type AuthState } from './auth.ts';
export {
  cartStorageKey,
  newCartItemId,
  readStoredCart,
  selectCartCount,
  syncCartAcrossTabs,
  useCartStore,
  type CartState,
} from './cart.ts';
