import { fetchCartSync } from '../api/cart.ts';
import type { CartItem } from '../contract/index.ts';
import { useCartStore } from './cart.ts';
import { decodeCartSync } from './cartSync.ts';

/** The query parameter that carries a cart from another page (docs/product-rules.md#screens). */
export const cartSyncQueryParameter = 'cartSync';

/**
 * The items a `cartSync` value stands for: asked from the server first (a parked cart's id), else decoded
 * locally (the partner embed's encoded cart). Null when neither gives an unexpired list of items (docs/product-rules.md#validation).
 */
export async function resolveCartSync(value: string, now = Date.now()): Promise<CartItem[] | null> {
  try {
    const payload = await fetchCartSync(value);
    if (Date.parse(payload.expiresAt) > now) return payload.items;
  } catch {
    // Not a parked cart (or the server is unreachable): the value may be a cart itself.
  }
  return decodeCartSync(value, now)?.items ?? null;
}

/** Replaces the cart with the transferred items (docs/product-rules.md#states); returns whether a cart was found. */
export async function adoptCartSync(value: string): Promise<boolean> {
  const items = await resolveCartSync(value);
  if (!items) return false;
  useCartStore.getState().replaceItems(items);
  return true;
}
