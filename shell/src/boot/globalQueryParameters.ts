import { adoptCartSyncFromUrl, adoptTokenFromUrl, captureFrameFlags, configureApi, useAuthStore } from '@shop/shared';

/**
 * The global query parameters (docs/product-rules.md#screens), read once at boot before the router or anything
 * else rewrites the address: hideHeader/hideFooter/hideFilter are captured for the visit; a customerToken query
 * logs in and leaves the URL (docs/product-rules.md#states); a cartSync query leaves the URL and its cart replaces
 * this one on any path, not only /cart (docs/product-rules.md#cart). Resolves once the carried cart is in (or not).
 */
export function readGlobalQueryParameters(): Promise<boolean> {
  captureFrameFlags();
  configureApi({ token: () => useAuthStore.getState().token });
  adoptTokenFromUrl();
  return adoptCartSyncFromUrl();
}
