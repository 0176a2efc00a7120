import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Declarations for one order queue on its row (PostgreSQL row lock), so refunds are counted against what is left.
 * Credits go back to balances the customer's other orders spent from or were credited as, so declarations on any
 * of a customer's orders queue on the customer as well, after their order's lock (as a submit spending the balances
 * does, order/submit.ts): two of them never wait for each other's balances (a deadlock, one answered 500 without its
 * receipt), and each counts what the other left.
 */
export async function lockOrder(trx: Kysely<Database>, order: { id: number; customer_id: number | null }) {
  await trx
    .updateTable('shop_order')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', order.id)
    .execute();
  if (order.customer_id !== null)
    await trx
      .updateTable('customer')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', order.customer_id)
      .execute();
}

/** The order's positions: course bookings (with their course's dates), products and packages, read under the lock. */
export async function loadPositions(trx: Kysely<Database>, orderId: number) {
  const [bookings, products, packages] = await Promise.all([
    trx
      .selectFrom('course_booking')
      .innerJoin('course', 'course.id', 'course_booking.course_id')
      .select([
        'course_booking.id',
        'course_booking.course_id',
        'course_booking.quantity',
        'course_booking.total_price_cents',
        'course_booking.withdrawal_id',
        'course_booking.credits_applied',
        'course.type',
        'course.start_date',
        'course.end_date',
        'course.start_time',
      ])
      .where('course_booking.order_id', '=', orderId)
      .orderBy('course_booking.course_id')
      .execute(),
    trx
      .selectFrom('product_order')
      .select(['id', 'quantity', 'unit_price_cents', 'discount_cents', 'withdrawal_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('customer_balance_transaction')
      .select(['id', 'type_id', 'amount', 'quantity', 'total_price_cents', 'used_in_order', 'withdrawal_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  ]);
  return { bookings, products, packages };
}

export type OrderPositions = Awaited<ReturnType<typeof loadPositions>>;
