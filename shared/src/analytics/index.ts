export { dataLayer } from './dataLayer.ts';
export {
  firePendingPurchase,
  pendingPurchaseStorageKey,
  recordPurchase,
  trackAddToCart,
  trackBeginCheckout,
} from './ecommerce.ts';
export {
  consentPurposes,
  consentStorageKey,
  pushConsentDefaults,
  selectMayTrack,
  syncConsentAcrossTabs,
  useConsentStore,
  type ConsentChoice,
  type ConsentPurpose,
} from './consent.ts';
export { redactedPagePath } from './pageLocation.ts';
