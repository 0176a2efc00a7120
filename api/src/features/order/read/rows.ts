import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** A course booking with the course it books (the account shows its dates and type). */
function bookingsOf(k: Kysely<Database>, orderIds: number[]) {
  return k
    .selectFrom('course_booking')
    .innerJoin('course', 'course.id', 'course_booking.course_id')
    .select([
      'course_booking.id',
      'course_booking.order_id',
      'course_booking.quantity',
      'course_booking.total_price_cents',
      'course_booking.discount_cents',
      'course_booking.unit_price_cents',
      'course_booking.credits_applied',
      'course_booking.discount_codes',
      'course.id as course_id',
      'course.type',
      'course.identifier',
      'course.start_date',
      'course.start_time',
      'course.end_date',
      'course.end_time',
      'course_booking.withdrawal_id',
    ])
    .where('course_booking.order_id', 'in', orderIds)
    .orderBy('course_booking.id')
    .execute();
}

/** The rows keyed by order id of a page of orders: one query per table, all at once (never one per order). */
export async function loadOrderRows(k: Kysely<Database>, orderIds: number[]) {
  const [addresses, bookings, productOrders, transactions, payments, redemptions] = await Promise.all([
    k.selectFrom('order_billing_address').selectAll().where('order_id', 'in', orderIds).execute(),
    bookingsOf(k, orderIds),
    k.selectFrom('product_order').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    k.selectFrom('customer_balance_transaction').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    k.selectFrom('payment').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    k
      .selectFrom('discount_code_usage')
      .innerJoin('discount_code', 'discount_code.id', 'discount_code_usage.discount_code_id')
      .select(['discount_code_usage.order_id', 'discount_code.code', 'discount_code_usage.discount_cents'])
      .where('discount_code_usage.order_id', 'in', orderIds)
      .orderBy('discount_code_usage.id')
      .execute(),
  ]);
  return { addresses, bookings, productOrders, transactions, payments, redemptions };
}

export type OrderRows = Awaited<ReturnType<typeof loadOrderRows>>;
export type BookingRow = OrderRows['bookings'][number];
