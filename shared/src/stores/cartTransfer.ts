import { createCartSync, fetchCartSync } from '../api/cart.ts';
import { cartSyncIdSchema, type CartItem } from '../contract/index.ts';
import { useCartStore } from './cart.ts';
import { decodeCartSync } from './cartSync.ts';

/** The query parameter that carries a cart from another page (docs/product-rules.md#screens). */
export const cartSyncQueryParameter = 'cartSync';

/**
 * The items a `cartSync` value stands for: asked from the server first (a parked cart's id), else decoded
 * locally (the partner embed's encoded cart). Null when neither gives an unexpired list of items (docs/product-rules.md#validation).
 * An encoded cart carries whatever details its link's writer chose, so it is parked and read back: the server gives
 * the items back with the catalogue's details (docs/decisions/0070-parked-carts-read-from-the-catalogue.md). Without
 * the server it is not taken; the cart could not be priced or ordered then anyway.
 */
export async function resolveCartSync(
  value: string,
  now = Date.now(),
): Promise<{ items: CartItem[]; discountCodes: string[] } | null> {
  // Only a value that can be a parked cart's id is asked for as one: the partner embed's encoded cart is longer.
  if (cartSyncIdSchema.safeParse(value).success) {
    try {
      const payload = await fetchCartSync(value);
      if (Date.parse(payload.expiresAt) > now) return { items: payload.items, discountCodes: payload.discountCodes };
    } catch {
      // Not a parked cart (or the server is unreachable): the value may be a cart itself.
    }
  }
  const decoded = decodeCartSync(value, now);
  if (!decoded) return null;
  try {
    const { id } = await createCartSync(decoded.items);
    return { items: (await fetchCartSync(id)).items, discountCodes: [] };
  } catch {
    return null;
  }
}

/**
 * Replaces the cart with the transferred items (docs/product-rules.md#states), and its codes with the transferred
 * ones when it carried some (the link to another device dropped them); the price request checks them
 * again. Returns whether a cart was found.
 */
export async function adoptCartSync(value: string): Promise<boolean> {
  const transferred = await resolveCartSync(value);
  if (!transferred) return false;
  const store = useCartStore.getState();
  store.replaceItems(transferred.items);
  if (transferred.discountCodes.length > 0) store.setDiscountCodes(transferred.discountCodes);
  return true;
}

/**
 * The boot step of the shell and of a standalone remote for the global `cartSync` parameter
 * (docs/product-rules.md#screens, #cart): on any path, not only /cart, the value is taken off the address at
 * once, before the router first reads it, so a reload, the back button or a copied link never replaces the cart
 * again; then its cart replaces the current one (server first, local decoding as the fallback). Resolves whether
 * a cart was adopted; never rejects (a failure is only logged, docs/product-rules.md#errors).
 */
export function adoptCartSyncFromUrl(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): Promise<boolean> {
  const url = new URL(location.href);
  if (!url.searchParams.has(cartSyncQueryParameter)) return Promise.resolve(false);
  const value = url.searchParams.get(cartSyncQueryParameter)?.trim();
  url.searchParams.delete(cartSyncQueryParameter);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!value) return Promise.resolve(false);
  return adoptCartSync(value).catch((error: unknown) => {
    console.warn('Could not adopt the transferred cart', error);
    return false;
  });
}
