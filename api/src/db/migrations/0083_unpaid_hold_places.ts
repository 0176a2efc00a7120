import { mailboxKey } from '../../features/customer/mailbox.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * `order_hold_client.inbox` and `places`: the inbox of an unpaid order's address (its `+tag` and, for providers
 * that ignore them, dots folded) and how many course places the order holds, so that a submit can cap the places
 * one client and one inbox hold unpaid at once (docs/decisions/0083-unpaid-places-cap.md). Rows of running holds
 * are filled in from their orders; like the client key, a row is kept only while its hold runs.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('order_hold_client').addColumn('inbox', 'text').execute();
  await db.schema
    .alterTable('order_hold_client')
    .addColumn('places', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const rows = (await db
    .selectFrom('order_hold_client')
    .innerJoin('shop_order', 'shop_order.id', 'order_hold_client.order_id')
    .select(['order_hold_client.order_id as orderId', 'shop_order.email as email'])
    .execute()) as { orderId: number; email: string }[];
  for (const { orderId, email } of rows) {
    const booked = (await db
      .selectFrom('course_booking')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('quantity'), eb.lit(0)).as('places'))
      .where('order_id', '=', orderId)
      .executeTakeFirst()) as { places: number | string } | undefined;
    await db
      .updateTable('order_hold_client')
      .set({ inbox: mailboxKey(email), places: Number(booked?.places ?? 0) })
      .where('order_id', '=', orderId)
      .execute();
  }
  await db.schema
    .createIndex('order_hold_client_inbox_idx')
    .on('order_hold_client')
    .columns(['inbox', 'hold_expires_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('order_hold_client_inbox_idx').ifExists().execute();
  await db.schema.alterTable('order_hold_client').dropColumn('places').execute();
  await db.schema.alterTable('order_hold_client').dropColumn('inbox').execute();
}
