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
import { maxSqlInteger } from '@shop/shared/money';
import { toCourses } from '../catalog/course-search.ts';
import { listPackagePrices } from '../catalog/price-config.ts';
import { toProducts } from '../product/product-search.ts';

/** 128 random bits, URL-safe: a link that cannot be guessed, short enough to share. */
const newSyncId = () => randomBytes(16).toString('base64url');

/**
 * Parks a cart, with its discount codes, for another page or device for 24 h (the cart's lifetime); expired ones
 * are swept on the way.
 */
export async function storeCartSync(
  db: Db,
  items: readonly CartItem[],
  now: Date,
  discountCodes: readonly string[] = [],
): Promise<CartSyncCreated> {
  const id = newSyncId();
  const expiresAt = new Date(now.getTime() + cartLifetimeMs).toISOString();
  await db.kysely.deleteFrom('cart_sync').where('expires_at', '<=', now.toISOString()).execute();
  await db.kysely
    .insertInto('cart_sync')
    .values({
      id,
      items: JSON.stringify(items),
      discount_codes: JSON.stringify(discountCodes),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { id, expiresAt };
}

const storedItems = z.array(cartItemSchema);
const storedCodes = z.array(z.string());

/**
 * The parked items with the catalogue's own details: a course's or product's as the searches serve them now, a
 * package's price for its type and amount. Whoever parks a cart writes its details, and a link to it shows them on
 * the shop's cart page, so a phishing link could show made-up titles or payment instructions there
 * (docs/decisions/0070-parked-carts-read-from-the-catalogue.md). Lines the catalogue does not have are left out.
 */
async function withCatalogDetails(db: Db, items: readonly CartItem[]): Promise<CartItem[]> {
  // Ids beyond the integer range cannot exist; comparing with them would be a PostgreSQL error.
  const known = (ids: number[]) => [...new Set(ids)].filter((id) => id > 0 && id <= maxSqlInteger);
  const courseIds = known(items.flatMap((item) => (item.itemType === 'course' ? [item.courseId] : [])));
  const productIds = known(items.flatMap((item) => (item.itemType === 'product' ? [item.productId] : [])));
  const [courses, products, packages] = await Promise.all([
    courseIds.length === 0
      ? []
      : toCourses(db.kysely, await db.kysely.selectFrom('course').selectAll().where('id', 'in', courseIds).execute()),
    productIds.length === 0
      ? []
      : toProducts(
          db.kysely,
          await db.kysely.selectFrom('product').selectAll().where('id', 'in', productIds).execute(),
        ),
    items.some((item) => item.itemType === 'package') ? listPackagePrices(db.kysely) : [],
  ]);
  const courseById = new Map(courses.map((course) => [course.id, course]));
  const productById = new Map(products.map((product) => [product.id, product]));
  return items.flatMap((item): CartItem[] => {
    if (item.itemType === 'course') {
      const course = courseById.get(item.courseId);
      return course ? [{ ...item, courseType: course.type, courseDetails: course }] : [];
    }
    if (item.itemType === 'product') {
      const product = productById.get(item.productId);
      return product ? [{ ...item, productDetails: product }] : [];
    }
    const price = packages.find((row) => row.type === item.packageType && row.amount === item.amount);
    // A package is named from its type and amount wherever it is shown (cartItemName); its price is the shop's.
    return price
      ? [
          {
            ...item,
            packageDetails: {
              ...item.packageDetails,
              type: item.packageType,
              price: price.price,
              discountedPrice: null,
            },
          },
        ]
      : [];
  });
}

/**
 * The parked cart with the catalogue's details, or null when unknown, expired, (after a contract change) no longer a
 * valid list of items, or holding nothing the catalogue still has.
 */
export async function readCartSync(db: Db, id: string, now: Date): Promise<CartSyncPayload | null> {
  const row = await db.kysely
    .selectFrom('cart_sync')
    .select(['items', 'discount_codes', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  const parsed = storedItems.safeParse(JSON.parse(row.items));
  if (!parsed.success) return null;
  // None left (the catalogue dropped them all): nothing to give, rather than an empty cart replacing the buyer's.
  const items = await withCatalogDetails(db, parsed.data);
  const codes = storedCodes.safeParse(JSON.parse(row.discount_codes));
  const discountCodes = codes.success ? codes.data : [];
  return items.length > 0 ? { items, discountCodes, expiresAt: row.expires_at } : null;
}
