export { adoptTokenFromUrl, selectIsLoggedIn, useAuthStore } from './auth.ts';
export { useCustomerStore } from './customer.ts';
export { newCartItemId, selectCartCount, syncCartAcrossTabs, useCartStore, type NewCartItem } from './cart.ts';
export { appliedDiscountCodes, useCartPriceStore } from './cartPrice.ts';
export { useCartNotificationStore } from './cartNotifications.ts';
export { applyQuantityAdjustments, cartItemName, startCartPricing, toPriceRequest } from './cartPricing.ts';
export { adoptCartSync, adoptCartSyncFromUrl, cartSyncQueryParameter } from './cartTransfer.ts';
export { encodeCartSync } from './cartSync.ts';
export {
  forgetSubmittedCart,
  readSubmittedCart,
  rememberSubmittedCart,
  restoreSubmittedCart,
} from './submittedCart.ts';
export { isExamResultExpired, useLevelTestResultStore } from './levelTest.ts';
