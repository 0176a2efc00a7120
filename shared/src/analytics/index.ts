export { dataLayer, lastEventStorageKey, pushDeduplicated, type DataLayerEntry } from './dataLayer.ts';
export {
  addToCartEvent,
  ecommerceEvent,
  firePendingPurchase,
  pendingPurchaseStorageKey,
  recordPurchase,
  toAnalyticsItem,
  trackAddToCart,
  trackBeginCheckout,
  type AnalyticsItem,
  type EcommerceEvent,
  type EcommerceEventName,
  type EcommerceOptions,
} from './ecommerce.ts';
export {
  consentModeSignals,
  consentPurposes,
  consentStorageKey,
  consentVersion,
  pushConsentDefaults,
  readStoredConsent,
  selectMayTrack,
  useConsentStore,
  type ConsentChoice,
  type ConsentPurpose,
  type ConsentState,
  type StoredConsent,
} from './consent.ts';
