export { dataLayer, lastEventStorageKey, pushDeduplicated, type DataLayerEntry } from './dataLayer.ts';
export { addToCartEvent, toAnalyticsItem, trackAddToCart, type AnalyticsItem, type EcommerceEvent } from './ecommerce.ts';
