import type { CartItem } from '../contract/index.ts';
import { encodeCartSync } from '../stores/cartSync.ts';
import { cartSyncQueryParameter } from '../stores/cartTransfer.ts';
import { webStorageUsable } from '../stores/safeStorage.ts';
import { frameFlags, isFramed, type FrameFlags } from './frameFlags.ts';

/**
 * Where "add to cart" continues from a page of the shop's origin (the shop, or the partner's /products-iframe):
 * - `here`: not framed, or framed with storage the page can use (a frame's own, partitioned storage counts): the
 *   cart is in the store, and the visit goes on to /cart in place;
 * - `newTab`: framed by a browser that blocks third-party storage. Nothing the frame stores outlives a page load,
 *   and the payment provider's pages leave the frame, so the shop's /cart opens in a new top-level tab (first-party
 *   storage there) with the frame's whole cart carried in `cartSync`; the frame stays on its listing;
 * - `frameWithCart`: the same, but the browser refused the new tab (a popup blocker): the frame itself loads /cart
 *   with the cart in `cartSync` and the frame flags in the address, so header and footer stay hidden.
 */
export type CartHandOff = 'here' | 'newTab' | 'frameWithCart';

/** The frame flags in force as query parameters (`hideHeader=true`, …), for a full page load inside the frame. */
export function frameFlagQuery(flags: FrameFlags = frameFlags()): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, on] of Object.entries(flags)) if (on) query.set(name, 'true');
  return query;
}

/** The shop's /cart on `origin`, carrying `items` in `cartSync` and the query `extra` (e.g. the frame flags). */
export function cartAddressWith(origin: string, items: readonly CartItem[], extra = new URLSearchParams()): string {
  const url = new URL('/cart', origin);
  for (const [name, value] of extra) url.searchParams.set(name, value);
  if (items.length > 0) url.searchParams.set(cartSyncQueryParameter, encodeCartSync(items));
  return url.href;
}

export interface CartHandOffEnvironment {
  framed: boolean;
  storageUsable: boolean;
  /** `window.open`; returns null when the browser refuses the new window. */
  open: (url: string) => Window | null;
  origin: string;
}

const browserEnvironment = (): CartHandOffEnvironment => ({
  framed: isFramed(),
  storageUsable: webStorageUsable(),
  open: (url) => window.open(url, '_blank'),
  origin: window.location.origin,
});

/**
 * Hands the cart (`items`, the whole cart after the add) on after "add to cart"; call it in the click's handler,
 * since a browser opens a new tab only from a user's action. Returns what it did; on `here` and `frameWithCart` the
 * caller goes to /cart itself (`frameWithCart`: to `cartAddressWith(origin, items, frameFlagQuery())`).
 */
export function handOffCart(
  items: readonly CartItem[],
  environment: CartHandOffEnvironment = browserEnvironment(),
): CartHandOff {
  if (!environment.framed || environment.storageUsable) return 'here';
  const tab = environment.open(cartAddressWith(environment.origin, items));
  if (!tab) return 'frameWithCart';
  try {
    // The new tab is the shop's own page, but it need not reach back into the frame.
    tab.opener = null;
  } catch {
    // Some browsers do not let it be set; nothing depends on it.
  }
  return 'newTab';
}
