import type { z } from 'zod';
import { cartLifetimeMs, storedCartSchema, type CartItem, type StoredCart } from '../contract/index.ts';

/**
 * The `cartSync` query value that carries a cart to another page (docs/product-rules.md#screens, #states), in its locally decodable
 * form: base64url of the stored cart's JSON. The catalog's partner embed writes it to send a visitor to the
 * shop's cart; the cart area reads it (server first, then this local decoding as the fallback).
 */
export function encodeCartSync(items: readonly CartItem[], now = Date.now()): string {
  const bytes = new TextEncoder().encode(
    JSON.stringify({ items: [...items], timestamp: now } satisfies z.input<typeof storedCartSchema>),
  );
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The cart in a `cartSync` value, or null when it is not one, its items are not a list, or it expired. */
export function decodeCartSync(value: string, now = Date.now()): Pick<StoredCart, 'items' | 'timestamp'> | null {
  try {
    const binary = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const parsed = storedCartSchema.safeParse(JSON.parse(json));
    if (!parsed.success || now - parsed.data.timestamp > cartLifetimeMs) return null;
    // A transferred cart carries items only; codes stay with the cart they were entered in.
    return { items: parsed.data.items, timestamp: parsed.data.timestamp };
  } catch {
    return null;
  }
}
