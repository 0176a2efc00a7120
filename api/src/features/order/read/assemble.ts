import {
  type CourseType,
  type Order,
  type OrderCancelReason,
  type OrderStatus,
  type PaymentStatus,
  withdrawalStateOf,
} from '@shop/shared/contract';
import type { Selectable } from 'kysely';
import type { ShopOrderTable } from '../../../db/customer-schema.ts';
import { centsToEuros } from '@shop/shared/money';
import { groupBy, toContractTexts } from '../../catalog/texts.ts';
import { productLineTotalCents } from '../product-line.ts';
import type { RelatedRows } from './related.ts';
import type { BookingRow, OrderRows } from './rows.ts';

/** Codes stored comma-joined (migration 0062). */
const codeList = (stored: string) => (stored ? stored.split(',') : []);

/** The loaded rows grouped for lookups by order, booking, course and product id. */
function indexRows(rows: OrderRows, related: RelatedRows) {
  return {
    addressByOrder: new Map(rows.addresses.map((row) => [row.order_id, row])),
    bookingsByOrder: groupBy(rows.bookings, (row) => row.order_id),
    participantsByBooking: groupBy(related.participants, (row) => row.course_booking_id),
    courseTextsById: groupBy(related.courseTexts, (row) => row.course_id),
    productOrdersByOrder: groupBy(rows.productOrders, (row) => row.order_id),
    productTextsById: groupBy(related.productTexts, (row) => row.product_id),
    transactionsByOrder: groupBy(rows.transactions, (row) => row.order_id),
    paymentsByOrder: groupBy(rows.payments, (row) => row.order_id),
    redemptionsByOrder: groupBy(rows.redemptions, (row) => row.order_id),
    withdrawnAt: (row: { withdrawal_id: number | null }) =>
      row.withdrawal_id === null ? null : (related.receivedAt.get(row.withdrawal_id) ?? null),
    weekdaysByCourse: related.weekdaysByCourse,
    latePayments: related.latePayments,
  };
}
type Lookups = ReturnType<typeof indexRows>;

function toCourseBooking(booking: BookingRow, at: Lookups): Order['courseBookings'][number] {
  return {
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
      titles: toContractTexts(at.courseTextsById.get(booking.course_id) ?? []).titles,
      startDate: booking.start_date,
      startTime: booking.start_time,
      endDate: booking.end_date,
      endTime: booking.end_time,
      weekdays: at.weekdaysByCourse.get(booking.course_id) ?? [],
    },
    participants: (at.participantsByBooking.get(booking.id) ?? []).map((p) => ({
      id: p.id,
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email,
      phone: p.phone,
      birthYear: p.birth_year,
    })),
    withdrawnAt: at.withdrawnAt(booking),
  };
}

function toProductOrder(line: OrderRows['productOrders'][number], at: Lookups): Order['productOrders'][number] {
  return {
    id: line.id,
    quantity: line.quantity,
    unitPrice: centsToEuros(line.unit_price_cents),
    discount: centsToEuros(line.discount_cents),
    discountCodes: codeList(line.discount_codes),
    totalPrice: centsToEuros(productLineTotalCents(line)),
    product: { id: line.product_id, titles: toContractTexts(at.productTextsById.get(line.product_id) ?? []).titles },
    withdrawnAt: at.withdrawnAt(line),
  };
}

function toBalanceTransaction(
  row: OrderRows['transactions'][number],
  at: Lookups,
): Order['customerBalanceTransactions'][number] {
  return {
    id: row.id,
    transactionType: 'add' as const,
    type: row.type_id,
    amount: row.amount,
    quantity: row.quantity,
    unitPrice: centsToEuros(row.unit_price_cents),
    discount: centsToEuros(row.discount_cents),
    discountCodes: codeList(row.discount_codes),
    totalPrice: centsToEuros(row.total_price_cents),
    withdrawnAt: at.withdrawnAt(row),
  };
}

function toBillingAddress(address: OrderRows['addresses'][number] | undefined): Order['customerBillingAddress'] {
  if (!address) return null;
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    addressLine1: address.address_line1,
    addressLine2: address.address_line2,
    city: address.city,
    zip: address.zip,
    country: address.country,
    phone: address.phone,
    birthYear: address.birth_year,
  };
}

function toOrder(order: Selectable<ShopOrderTable>, at: Lookups): Order {
  const bookings = at.bookingsByOrder.get(order.id) ?? [];
  const productOrders = at.productOrdersByOrder.get(order.id) ?? [];
  const transactions = at.transactionsByOrder.get(order.id) ?? [];
  const positions = [...bookings, ...productOrders, ...transactions];
  return {
    id: order.id,
    incrementId: order.increment_id,
    createdAt: new Date(order.created_at).toISOString(),
    status: order.status as OrderStatus,
    isRefunded: order.is_refunded === 1,
    totalPrice: centsToEuros(order.total_price_cents),
    discounts: (at.redemptionsByOrder.get(order.id) ?? []).map((row) => ({
      code: row.code,
      amount: centsToEuros(row.discount_cents),
    })),
    comment: order.comment,
    courseBookings: bookings.map((booking) => toCourseBooking(booking, at)),
    productOrders: productOrders.map((line) => toProductOrder(line, at)),
    customerBalanceTransactions: transactions.map((row) => toBalanceTransaction(row, at)),
    payments: (at.paymentsByOrder.get(order.id) ?? []).map((row) => ({
      id: row.id,
      transactionId: row.transaction_id,
      status: row.status as PaymentStatus,
      paymentLink: row.payment_link,
    })),
    customerBillingAddress: toBillingAddress(at.addressByOrder.get(order.id)),
    holdExpiresAt: order.hold_expires_at === null ? null : new Date(order.hold_expires_at).toISOString(),
    cancelReason: order.cancel_reason as OrderCancelReason | null,
    withdrawal: withdrawalStateOf(positions.filter((row) => row.withdrawal_id !== null).length, positions.length),
    earlyStartRequested: order.early_start_requested_at !== null,
    ...(at.latePayments.has(order.id) ? { latePayment: at.latePayments.get(order.id)! } : {}),
  };
}

/** The account's view of each order from the rows loaded for its page; pure, in the orders' order. */
export function assembleOrders(orders: Selectable<ShopOrderTable>[], rows: OrderRows, related: RelatedRows): Order[] {
  const at = indexRows(rows, related);
  return orders.map((order) => toOrder(order, at));
}
