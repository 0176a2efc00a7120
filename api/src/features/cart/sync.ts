import { randomBytes } from 'node:crypto';
import {
  cartLifetimeMs,
  cartItemSchema,
  type CartItem,
  type CartSyncCreated,
  type CartSyncPayload,
} from '@shop/shared/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';

/** 128 random bits, URL-safe: a link that cannot be guessed, short enough to share. */
const newSyncId = () => randomBytes(16).toString('base64url');

/** Parks a cart for another page or device for 24 h (the cart's lifetime); expired ones are swept on the way. */
export async function storeCartSync(db: Db, items: readonly CartItem[], now: Date): Promise<CartSyncCreated> {
  const id = newSyncId();
  const expiresAt = new Date(now.getTime() + cartLifetimeMs).toISOString();
  await db.kysely.deleteFrom('cart_sync').where('expires_at', '<=', now.toISOString()).execute();
  await db.kysely
    .insertInto('cart_sync')
    .values({ id, items: JSON.stringify(items), created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  return { id, expiresAt };
}

const storedItems = z.array(cartItemSchema);

/** The parked cart, or null when unknown, expired or (after a contract change) no longer a valid list of items. */
export async function readCartSync(db: Db, id: string, now: Date): Promise<CartSyncPayload | null> {
  const row = await db.kysely
    .selectFrom('cart_sync')
    .select(['items', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  const items = storedItems.safeParse(JSON.parse(row.items));
  return items.success ? { items: items.data, expiresAt: row.expires_at } : null;
}
