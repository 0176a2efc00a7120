import type { LatePayment } from '@shop/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ShopOrderTable } from '../../../db/customer-schema.ts';
import type { Database } from '../../../db/schema.ts';
import { courseWeekdays } from '../../catalog/weekdays.ts';
import { isFlaggedLate, latePaymentsOf } from '../late-payment.ts';
import type { OrderRows } from './rows.ts';

/** What the order rows point at: participants, texts, withdrawal dates, weekdays and money owed back. */
export interface RelatedRows {
  participants: Selectable<Database['course_booking_participant']>[];
  courseTexts: Selectable<Database['course_text']>[];
  productTexts: Selectable<Database['product_text']>[];
  /** When each withdrawal declaration came in (ISO), by its id. */
  receivedAt: Map<number, string>;
  weekdaysByCourse: Map<number, number[]>;
  latePayments: Map<number, LatePayment>;
}

const unique = (ids: number[]) => [...new Set(ids)];

/** The rows the order rows refer to, one query per table for the whole page and none for a table with no ids. */
export async function loadRelatedRows(
  k: Kysely<Database>,
  orders: Selectable<ShopOrderTable>[],
  { bookings, productOrders, transactions, payments }: OrderRows,
): Promise<RelatedRows> {
  const bookingIds = bookings.map((booking) => booking.id);
  const courseIds = unique(bookings.map((booking) => booking.course_id));
  const productIds = unique(productOrders.map((line) => line.product_id));
  const withdrawalIds = unique(
    [...bookings, ...productOrders, ...transactions].flatMap((row) =>
      row.withdrawal_id === null ? [] : [row.withdrawal_id],
    ),
  );
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const flagged = payments.flatMap((row) => {
    const order = orderById.get(row.order_id)!;
    return isFlaggedLate(row, order)
      ? [{ orderId: row.order_id, amountCents: row.amount_cents, chargedBackCents: order.charged_back_cents }]
      : [];
  });
  const [participants, courseTexts, productTexts, declarations, weekdaysByCourse, latePayments] = await Promise.all([
    bookingIds.length
      ? k
          .selectFrom('course_booking_participant')
          .selectAll()
          .where('course_booking_id', 'in', bookingIds)
          .orderBy('id')
          .execute()
      : [],
    courseIds.length ? k.selectFrom('course_text').selectAll().where('course_id', 'in', courseIds).execute() : [],
    productIds.length ? k.selectFrom('product_text').selectAll().where('product_id', 'in', productIds).execute() : [],
    withdrawalIds.length
      ? k.selectFrom('withdrawal_declaration').select(['id', 'received_at']).where('id', 'in', withdrawalIds).execute()
      : [],
    courseWeekdays(k, courseIds),
    latePaymentsOf(k, flagged),
  ]);
  const receivedAt = new Map(declarations.map((row) => [row.id, new Date(row.received_at).toISOString()]));
  return { participants, courseTexts, productTexts, receivedAt, weekdaysByCourse, latePayments };
}
