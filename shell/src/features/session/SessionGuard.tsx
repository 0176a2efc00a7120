import { useSessionGuard } from '@shop/shared';

/**
 * The session rules of docs/product-rules.md#states for the composed shop (see useSessionGuard in @shop/shared, which a standalone
 * remote mounts too): 401 → tokens cleared and home; unverified customer → /verify-email-waiting.
 */
export function SessionGuard() {
  useSessionGuard();
  return null;
}
