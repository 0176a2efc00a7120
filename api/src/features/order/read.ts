import type { Order, OrdersQuery } from '@shop/shared/contract';
import type { Selectable } from 'kysely';
import type { ShopOrderTable } from '../../db/customer-schema.ts';
import type { Db } from '../../db/database.ts';
import { assembleOrders } from './read/assemble.ts';
import { loadRelatedRows } from './read/related.ts';
import { loadOrderRows } from './read/rows.ts';

/**
 * The read side of orders (docs/product-rules.md#data Order): a customer's orders, newest first, each with its positions,
 * participants, payments and billing address. One query per table for the whole page (no query per order).
 */
export async function listCustomerOrders(
  db: Db,
  customerId: number,
  { limit = 20, offset = 0 }: OrdersQuery,
): Promise<Order[]> {
  const orders = await db.kysely
    .selectFrom('shop_order')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return withPositions(db, orders);
}

/** One order by its id with everything the account shows (the confirmation mail renders it); null if unknown. */
export async function readOrder(
  db: Pick<Db, 'kysely'>,
  orderId: number,
): Promise<(Order & { email: string; locale: string; timezone: string; customerId: number | null }) | null> {
  const row = await db.kysely.selectFrom('shop_order').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  const [order] = await withPositions(db, [row]);
  return { ...order!, email: row.email, locale: row.locale, timezone: row.timezone, customerId: row.customer_id };
}

/**
 * Orders with their positions, participants, payments and address: one query per table for the whole list, in two
 * rounds (the rows keyed by order, then what they refer to), then assembled without further queries.
 */
async function withPositions(db: Pick<Db, 'kysely'>, orders: Selectable<ShopOrderTable>[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((order) => order.id);
  const rows = await loadOrderRows(db.kysely, orderIds);
  const related = await loadRelatedRows(db.kysely, orders, rows);
  return assembleOrders(orders, rows, related);
}
