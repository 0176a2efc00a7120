import {
  type CourseType,
  type Order,
  type OrderCancelReason,
  type OrderStatus,
  type OrdersQuery,
  type PaymentStatus,
  withdrawalStateOf,
} from '@shop/shared/contract';
import type { Selectable } from 'kysely';
import type { ShopOrderTable } from '../../db/customer-schema.ts';
import type { Db } from '../../db/database.ts';
import { centsToEuros } from '@shop/shared/money';
import { isFlaggedLate, latePaymentsOf } from './late-payment.ts';
import { groupBy, toContractTexts } from '../catalog/texts.ts';
import { courseWeekdays } from '../catalog/weekdays.ts';

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

/** Codes stored comma-joined (migration 0062). */
const codeList = (stored: string) => (stored ? stored.split(',') : []);

/** Orders with their positions, participants, payments and address: one query per table for the whole list. */
async function withPositions(db: Pick<Db, 'kysely'>, orders: Selectable<ShopOrderTable>[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((order) => order.id);
  const k = db.kysely;

  const [addresses, bookings, productOrders, transactions, payments, redemptions] = await Promise.all([
    k.selectFrom('order_billing_address').selectAll().where('order_id', 'in', orderIds).execute(),
    k
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
      .execute(),
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

  const bookingIds = bookings.map((booking) => booking.id);
  const courseIds = [...new Set(bookings.map((booking) => booking.course_id))];
  const productIds = [...new Set(productOrders.map((line) => line.product_id))];
  const withdrawalIds = [
    ...new Set(
      [...bookings, ...productOrders, ...transactions].flatMap((row) =>
        row.withdrawal_id === null ? [] : [row.withdrawal_id],
      ),
    ),
  ];
  const [participants, courseTexts, productTexts, declarations] = await Promise.all([
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
  ]);
  const receivedAt = new Map(declarations.map((row) => [row.id, new Date(row.received_at).toISOString()]));
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const flagged = payments.flatMap((row) => {
    const order = orderById.get(row.order_id)!;
    return isFlaggedLate(row, order)
      ? [{ orderId: row.order_id, amountCents: row.amount_cents, chargedBackCents: order.charged_back_cents }]
      : [];
  });
  const [weekdaysByCourse, latePayments] = await Promise.all([
    courseWeekdays(k, courseIds),
    latePaymentsOf(k, flagged),
  ]);
  const withdrawnAt = (row: { withdrawal_id: number | null }) =>
    row.withdrawal_id === null ? null : (receivedAt.get(row.withdrawal_id) ?? null);

  const addressByOrder = new Map(addresses.map((row) => [row.order_id, row]));
  const bookingsByOrder = groupBy(bookings, (row) => row.order_id);
  const participantsByBooking = groupBy(participants, (row) => row.course_booking_id);
  const courseTextsById = groupBy(courseTexts, (row) => row.course_id);
  const productOrdersByOrder = groupBy(productOrders, (row) => row.order_id);
  const productTextsById = groupBy(productTexts, (row) => row.product_id);
  const transactionsByOrder = groupBy(transactions, (row) => row.order_id);
  const paymentsByOrder = groupBy(payments, (row) => row.order_id);
  const redemptionsByOrder = groupBy(redemptions, (row) => row.order_id);

  return orders.map((order) => {
    const address = addressByOrder.get(order.id);
    const positions = [
      ...(bookingsByOrder.get(order.id) ?? []),
      ...(productOrdersByOrder.get(order.id) ?? []),
      ...(transactionsByOrder.get(order.id) ?? []),
    ];
    return {
      id: order.id,
      incrementId: order.increment_id,
      createdAt: new Date(order.created_at).toISOString(),
      status: order.status as OrderStatus,
      isRefunded: order.is_refunded === 1,
      totalPrice: centsToEuros(order.total_price_cents),
      discounts: (redemptionsByOrder.get(order.id) ?? []).map((row) => ({
        code: row.code,
        amount: centsToEuros(row.discount_cents),
      })),
      comment: order.comment,
      courseBookings: (bookingsByOrder.get(order.id) ?? []).map((booking) => ({
        id: booking.id,
        quantity: booking.quantity,
        unitPrice: centsToEuros(booking.unit_price_cents),
        appliedCredits: booking.credits_applied,
        totalPrice: centsToEuros(booking.total_price_cents),
        discount: centsToEuros(booking.discount_cents),
        discountCodes: codeList(booking.discount_codes),
        course: {
          id: booking.course_id,
          type: booking.type as CourseType,
          identifier: booking.identifier,
          titles: toContractTexts(courseTextsById.get(booking.course_id) ?? []).titles,
          startDate: booking.start_date,
          startTime: booking.start_time,
          endDate: booking.end_date,
          endTime: booking.end_time,
          weekdays: weekdaysByCourse.get(booking.course_id) ?? [],
        },
        participants: (participantsByBooking.get(booking.id) ?? []).map((p) => ({
          id: p.id,
          firstname: p.firstname,
          lastname: p.lastname,
          email: p.email,
          phone: p.phone,
          birthYear: p.birth_year,
        })),
        withdrawnAt: withdrawnAt(booking),
      })),
      productOrders: (productOrdersByOrder.get(order.id) ?? []).map((line) => ({
        id: line.id,
        quantity: line.quantity,
        unitPrice: centsToEuros(line.unit_price_cents),
        discount: centsToEuros(line.discount_cents),
        discountCodes: codeList(line.discount_codes),
        totalPrice: centsToEuros(line.quantity * line.unit_price_cents - line.discount_cents),
        product: { id: line.product_id, titles: toContractTexts(productTextsById.get(line.product_id) ?? []).titles },
        withdrawnAt: withdrawnAt(line),
      })),
      customerBalanceTransactions: (transactionsByOrder.get(order.id) ?? []).map((row) => ({
        id: row.id,
        transactionType: 'add' as const,
        type: row.type_id,
        amount: row.amount,
        quantity: row.quantity,
        unitPrice: centsToEuros(row.unit_price_cents),
        discount: centsToEuros(row.discount_cents),
        discountCodes: codeList(row.discount_codes),
        totalPrice: centsToEuros(row.total_price_cents),
        withdrawnAt: withdrawnAt(row),
      })),
      payments: (paymentsByOrder.get(order.id) ?? []).map((row) => ({
        id: row.id,
        transactionId: row.transaction_id,
        status: row.status as PaymentStatus,
        paymentLink: row.payment_link,
      })),
      customerBillingAddress: address
        ? {
            firstname: address.firstname,
            lastname: address.lastname,
            addressLine1: address.address_line1,
            addressLine2: address.address_line2,
            city: address.city,
            zip: address.zip,
            country: address.country,
            phone: address.phone,
            birthYear: address.birth_year,
          }
        : null,
      holdExpiresAt: order.hold_expires_at === null ? null : new Date(order.hold_expires_at).toISOString(),
      cancelReason: order.cancel_reason as OrderCancelReason | null,
      withdrawal: withdrawalStateOf(positions.filter((row) => row.withdrawal_id !== null).length, positions.length),
      earlyStartRequested: order.early_start_requested_at !== null,
      ...(latePayments.has(order.id) ? { latePayment: latePayments.get(order.id)! } : {}),
    };
  });
}
