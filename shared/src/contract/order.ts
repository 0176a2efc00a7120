import { z } from 'zod';
import { courseTypeSchema, localizedTitleSchema } from './catalog.ts';
import { isoDateSchema, moneySchema, timeSchema } from './common.ts';

/**
 * Orders as the customer's account reads them (spec §3 Order, §4 Order status, §7 GET /customer/me/orders).
 * The checkout (issue 6) writes them; the account only reads.
 */

/** Order status values (spec §4); pending and payment_pending are both shown as pending. */
export const orderStatuses = ['pending', 'payment_pending', 'paid', 'completed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Payment outcomes; `pending` until the provider reports one (DESIGN.md: paid, failed, canceled, expired). */
export const paymentStatuses = ['pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Page size of the orders screen (spec §9). */
export const orderPageSize = 20;

const id = z.number().int().positive();

export const participantSchema = z.object({
  id,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birthYear: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

/** The booked course as an order shows it: enough to name and date it. */
export const orderCourseSchema = z.object({
  id,
  type: courseTypeSchema,
  identifier: z.string(),
  titles: z.array(localizedTitleSchema),
  startDate: isoDateSchema,
  startTime: timeSchema.nullable(),
  endDate: isoDateSchema,
  endTime: timeSchema.nullable(),
});

export const courseBookingSchema = z.object({
  id,
  quantity: z.number().int().positive(),
  totalPrice: moneySchema,
  discount: moneySchema,
  course: orderCourseSchema,
  participants: z.array(participantSchema),
});
export type CourseBooking = z.infer<typeof courseBookingSchema>;

export const productOrderSchema = z.object({
  id,
  quantity: z.number().int().positive(),
  unitPrice: moneySchema,
  product: z.object({ id, titles: z.array(localizedTitleSchema) }),
});
export type ProductOrder = z.infer<typeof productOrderSchema>;

/** A balance top-up bought with the order (a package): `type` is the product type id of spec §3 Balance. */
export const balanceTransactionSchema = z.object({
  id,
  transactionType: z.enum(['add']),
  type: z.number().int(),
  /** Hours or modules per package. */
  amount: z.number().int().positive(),
  quantity: z.number().int().positive(),
  totalPrice: moneySchema,
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const paymentSchema = z.object({
  id,
  transactionId: z.string().nullable(),
  status: paymentStatusSchema,
  paymentLink: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The billing address as it was given with the order (the checkout adds phone and birth year). */
export const orderBillingAddressSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  birthYear: z.string().nullable(),
});

export const orderSchema = z.object({
  id,
  /** The order number customers see. */
  incrementId: z.string(),
  /** UTC instant. */
  createdAt: z.iso.datetime(),
  status: orderStatusSchema,
  isRefunded: z.boolean(),
  totalPrice: moneySchema,
  comment: z.string().nullable(),
  courseBookings: z.array(courseBookingSchema),
  productOrders: z.array(productOrderSchema),
  customerBalanceTransactions: z.array(balanceTransactionSchema),
  payments: z.array(paymentSchema),
  customerBillingAddress: orderBillingAddressSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** GET /customer/me/orders?limit&offset, newest first. */
export const ordersQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(orderPageSize),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/** Whether the order still waits for its payment (both pending states, spec §4). */
export const isPendingOrder = (order: Pick<Order, 'status'>) =>
  order.status === 'pending' || order.status === 'payment_pending';

/** The status a customer sees: both pending states as one, a refunded completed order as refunded (spec §4). */
export type OrderDisplayStatus = 'pending' | 'paid' | 'completed' | 'refunded' | 'cancelled';
export function orderDisplayStatus(order: Pick<Order, 'status' | 'isRefunded'>): OrderDisplayStatus {
  if (isPendingOrder(order)) return 'pending';
  if (order.status === 'completed' && order.isRefunded) return 'refunded';
  return order.status as Exclude<OrderStatus, 'pending' | 'payment_pending'>;
}

/** Colour of a status (spec §4): success for completed or paid, warning for refunded, alert otherwise. */
export function orderStatusTone(status: OrderDisplayStatus): 'success' | 'warning' | 'alert' {
  if (status === 'completed' || status === 'paid') return 'success';
  return status === 'refunded' ? 'warning' : 'alert';
}

/** The link to complete the payment of a pending order, when it has a pending payment with one (spec §2). */
export function completePaymentLink(order: Pick<Order, 'status' | 'payments'>): string | null {
  if (!isPendingOrder(order)) return null;
  return order.payments.find((payment) => payment.status === 'pending' && payment.paymentLink)?.paymentLink ?? null;
}
