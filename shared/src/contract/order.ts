import { z } from 'zod';
import { courseTypeSchema, localizedTitleSchema } from './catalog.ts';
import { cartQuantity } from './cart.ts';
import { isoDateSchema, languageSchema, moneySchema, multilineTextSchema, textSchema, timeSchema } from './common.ts';
import { birthYearSchema, countrySchema, emailSchema, nameSchema, optionalText, phoneSchema, requiredText, ValidationCode, zipSchema } from './customer.ts';
import { paymentMethodIdSchema, priceRequestCourseSchema, priceRequestSchema, quantityAdjustmentSchema, type PriceRequest } from './pricing.ts';

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

// Checkout: the order request and response (spec §3 Order request / Order response, §5 Checkout) ---------------

/** Order notes (spec §9). */
export const orderCommentMaxLength = 300;
/** Time zone when the browser names none (spec §9). */
export const fallbackTimeZone = 'Europe/Berlin';

const V = ValidationCode;
/** Order notes are the one multi-line text of the checkout. */
const commentSchema = multilineTextSchema.trim().max(orderCommentMaxLength, V.tooLong);

/**
 * The billing address as the checkout requires it (spec §5): names, street, zip (numeric, at most 5), city and
 * country required; company optional; the checkout adds phone and birth year.
 */
export const checkoutBillingAddressSchema = z
  .object({
    firstname: nameSchema,
    lastname: nameSchema,
    addressLine1: requiredText(200),
    addressLine2: optionalText(200).default(''),
    city: requiredText(100),
    zip: zipSchema.refine((zip) => zip.length > 0, V.required),
    country: countrySchema,
    phone: phoneSchema.default(''),
    birthYear: birthYearSchema.default(''),
  })
  .strict();
export type CheckoutBillingAddress = z.output<typeof checkoutBillingAddressSchema>;

/**
 * One booked place's learner. The form copies the billing person into participants not flagged as different
 * (spec §4), so the request always carries a full name and e-mail per place.
 */
export const orderParticipantSchema = z
  .object({
    firstname: nameSchema,
    lastname: nameSchema,
    email: emailSchema,
    phone: phoneSchema.default(''),
    birthYear: birthYearSchema.default(''),
  })
  .strict();
export type OrderParticipant = z.output<typeof orderParticipantSchema>;

export const orderCourseRequestSchema = priceRequestCourseSchema
  .extend({ participants: z.array(orderParticipantSchema).max(cartQuantity.max) })
  .strict();

/**
 * Order request (spec §3): the price request plus participants per course, the payment method (required exactly
 * when the server's total is above 0, which only the server knows, so it checks that), billing address, comment,
 * e-mail (guests; a customer's comes from the account), locale and time zone. Never a price. At least one course,
 * product or package. The server also runs the price request's own checks (each item once) on the positions.
 */
export const orderRequestSchema = z
  .object({
    courses: z.array(orderCourseRequestSchema).max(50).default([]),
    products: priceRequestSchema.shape.products,
    packages: priceRequestSchema.shape.packages,
    discountCodes: priceRequestSchema.shape.discountCodes,
    locale: languageSchema.default('de'),
    applePayAvailable: z.boolean().default(false),
    selectedPaymentMethod: paymentMethodIdSchema.optional(),
    billingAddress: checkoutBillingAddressSchema,
    comment: commentSchema.default(''),
    emailAddress: emailSchema.optional(),
    marketingOptIn: z.boolean().default(false),
    timezone: textSchema
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/)
      .default(fallbackTimeZone),
  })
  .strict()
  // Nothing to buy is no order: it would still confirm (and mail) a "paid" order of 0 €.
  .refine((order) => order.courses.length + order.products.length + order.packages.length > 0, {
    path: ['courses'],
    message: V.noPositions,
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/** The price request inside an order request (what the server prices again). */
export function priceRequestOfOrder(order: ParsedOrderRequest | OrderRequest): PriceRequest {
  return {
    courses: (order.courses ?? []).map(({ courseId, courseType, quantity }) => ({ courseId, courseType, quantity })),
    products: order.products,
    packages: order.packages,
    discountCodes: order.discountCodes,
    locale: order.locale,
    applePayAvailable: order.applePayAvailable,
  };
}

/** Order response (spec §3): the order number, and where to pay when there is something to pay. */
export const orderResponseSchema = z.object({ incrementId: z.string(), paymentLink: z.string().nullable() });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** Error codes of the submit besides VALIDATION_ERROR and UNAUTHORIZED. */
export const OrderErrorCode = {
  /** Places or appointments changed since the cart was priced; the body carries `quantityAdjustments`. */
  placesChanged: 'PLACES_CHANGED',
  /** The server's total is above 0 and no (or an unoffered) payment method was chosen. */
  paymentMethodRequired: 'PAYMENT_METHOD_REQUIRED',
} as const;

/** Body of the 409 PLACES_CHANGED answer: the error envelope plus the adjustments to show. */
export const placesChangedBodySchema = z.object({
  error: z.object({ code: z.literal(OrderErrorCode.placesChanged), message: z.string() }),
  quantityAdjustments: z.array(quantityAdjustmentSchema),
});

// The checkout form (spec §2 Checkout, §5) ----------------------------------------------------------------------

/**
 * One participant block: with `different` off it follows the billing person (the request copies name and
 * e-mail), so nothing is required; with it on, first name, last name and e-mail are (spec §5).
 */
export const checkoutParticipantFormSchema = z
  .object({
    different: z.boolean(),
    firstname: textSchema,
    lastname: textSchema,
    email: textSchema,
    phone: phoneSchema,
    birthYear: birthYearSchema,
  })
  .superRefine((participant, ctx) => {
    if (!participant.different) return;
    const check = (field: 'firstname' | 'lastname' | 'email', schema: z.ZodType) => {
      const parsed = schema.safeParse(participant[field]);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]?.message ?? V.required });
    };
    check('firstname', nameSchema);
    check('lastname', nameSchema);
    check('email', emailSchema);
  });
export type CheckoutParticipantForm = z.input<typeof checkoutParticipantFormSchema>;

const consentSchema = z.boolean().refine((accepted) => accepted, V.required);

/** The checkout form's values; the screen turns them into an order request. */
export const checkoutFormSchema = z.object({
  email: emailSchema,
  marketingOptIn: z.boolean(),
  billingAddress: checkoutBillingAddressSchema,
  courses: z.array(z.object({ courseId: z.number().int(), participants: z.array(checkoutParticipantFormSchema) })),
  comment: commentSchema,
  selectedPaymentMethod: textSchema,
  acceptTerms: consentSchema,
  acceptCancellationPolicy: consentSchema,
});
export type CheckoutForm = z.input<typeof checkoutFormSchema>;
