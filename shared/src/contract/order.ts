import { z } from 'zod';
import { courseTypeSchema, localizedTitleSchema } from './catalog.ts';
import { cartQuantity } from './cart.ts';
import { isoDateSchema, languageSchema, moneySchema, multilineTextSchema, textSchema, timeSchema } from './common.ts';
import {
  birthYearSchema,
  countrySchema,
  emailSchema,
  nameSchema,
  optionalText,
  phoneSchema,
  requiredText,
  ValidationCode,
  zipSchema,
} from './customer.ts';
import { earlyStartRequiredCode, orderWithdrawalStateSchema } from './withdrawal.ts';
import {
  paymentMethodIdSchema,
  priceRequestCourseSchema,
  priceRequestSchema,
  priceResultSchema,
  quantityAdjustmentSchema,
  refineEachItemOnce,
  type ParsedPriceRequest,
  type PriceRequest,
} from './pricing.ts';

/**
 * Orders as the customer's account reads them (docs/product-rules.md#data Order, #states Order status, #api-calls GET /customer/me/orders).
 * The checkout (docs/product-rules.md#checkout) writes them; the account only reads.
 */

/** Order status values (docs/product-rules.md#states); pending and payment_pending are both shown as pending. */
export const orderStatuses = ['pending', 'payment_pending', 'paid', 'completed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Payment outcomes; `pending` until the provider reports one (docs/architecture.md: paid, failed, canceled, expired). */
export const paymentStatuses = ['pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * Why an order was cancelled: the provider reported its payment failed, canceled or expired, or the order's
 * payment hold ran out with no answer (docs/decisions/0003-production-mode.md).
 */
/** `changed_by_buyer`: the buyer chose to change the order instead of paying it (POST /orders/{number}/release). */
export const orderCancelReasons = [
  'payment_failed',
  'payment_canceled',
  'payment_expired',
  'hold_expired',
  'changed_by_buyer',
] as const;
export const orderCancelReasonSchema = z.enum(orderCancelReasons);
export type OrderCancelReason = z.infer<typeof orderCancelReasonSchema>;

/** Page size of the orders screen (docs/product-rules.md#limits). */
export const orderPageSize = 20;

const id = z.number().int().positive();

export const participantSchema = z.lazy(() =>
  z.object({
    id,
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    birthYear: z.string().nullable(),
  }),
);

/** The booked course as an order shows it: enough to name and date it. */
export const orderCourseSchema = z.lazy(() =>
  z.object({
    id,
    type: courseTypeSchema,
    identifier: z.string(),
    titles: z.array(localizedTitleSchema),
    startDate: isoDateSchema,
    startTime: timeSchema.nullable(),
    endDate: isoDateSchema,
    endTime: timeSchema.nullable(),
    /** The weekdays it meets on (0 = Monday … 6 = Sunday), from its weekday tags; absent in older data. */
    weekdays: z.array(z.number().int().min(0).max(6)).optional(),
  }),
);

export const courseBookingSchema = z.lazy(() =>
  z.object({
    id,
    quantity: z.number().int().positive(),
    /** Price of one place when booked. */
    unitPrice: moneySchema,
    /** Places paid with package credits. */
    appliedCredits: z.number().int().nonnegative(),
    /** What is to pay: (quantity − appliedCredits) × unitPrice − discount. */
    totalPrice: moneySchema,
    /** This position's share of the discount codes. */
    discount: moneySchema,
    /** The codes with a share in `discount`. */
    discountCodes: z.array(z.string()),
    course: orderCourseSchema,
    participants: z.array(participantSchema),
    /** When the consumer withdrew from this position (UTC instant); null or absent while it stands. */
    withdrawnAt: z.iso.datetime().nullable().optional(),
  }),
);
export type CourseBooking = z.infer<typeof courseBookingSchema>;

export const productOrderSchema = z.lazy(() =>
  z.object({
    id,
    quantity: z.number().int().positive(),
    unitPrice: moneySchema,
    /** This position's share of the discount codes. */
    discount: moneySchema,
    discountCodes: z.array(z.string()),
    /** quantity × unitPrice − discount. */
    totalPrice: moneySchema,
    product: z.object({ id, titles: z.array(localizedTitleSchema) }),
    withdrawnAt: z.iso.datetime().nullable().optional(),
  }),
);

/** A balance top-up bought with the order (a package): `type` is the product type id of docs/product-rules.md#data Balance. */
export const balanceTransactionSchema = z.lazy(() =>
  z.object({
    id,
    transactionType: z.enum(['add']),
    type: z.number().int(),
    /** Hours or modules per package. */
    amount: z.number().int().positive(),
    quantity: z.number().int().positive(),
    /** Price of one package when bought. */
    unitPrice: moneySchema,
    /** This position's share of the discount codes. */
    discount: moneySchema,
    discountCodes: z.array(z.string()),
    /** quantity × unitPrice − discount. */
    totalPrice: moneySchema,
    withdrawnAt: z.iso.datetime().nullable().optional(),
  }),
);

export const paymentSchema = z.lazy(() =>
  z.object({
    id,
    transactionId: z.string().nullable(),
    status: paymentStatusSchema,
    paymentLink: z.string().nullable(),
  }),
);

/**
 * Money that arrived only after the order was cancelled (its hold had ended, or the buyer had changed it): the
 * places were not kept and the school refunds `amount`; `refundedAt` once it has. Absent for every other order
 * (docs/decisions/0135-late-payment-shown-to-the-buyer.md).
 */
export const latePaymentSchema = z.lazy(() =>
  z.object({ amount: moneySchema, refundedAt: z.iso.datetime().nullable() }),
);
export type LatePayment = z.infer<typeof latePaymentSchema>;

/** The billing address as it was given with the order (the checkout adds phone and birth year). */
export const orderBillingAddressSchema = z.lazy(() =>
  z.object({
    firstname: z.string(),
    lastname: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
    phone: z.string().nullable(),
    birthYear: z.string().nullable(),
  }),
);

export const orderSchema = z.lazy(() =>
  z.object({
    id,
    /** The order number customers see. */
    incrementId: z.string(),
    /** UTC instant. */
    createdAt: z.iso.datetime(),
    status: orderStatusSchema,
    isRefunded: z.boolean(),
    totalPrice: moneySchema,
    /** Each code the order used, with what it took off in all (its positions' shares add up to it). */
    discounts: z.array(z.object({ code: z.string(), amount: moneySchema })),
    comment: z.string().nullable(),
    courseBookings: z.array(courseBookingSchema),
    productOrders: z.array(productOrderSchema),
    customerBalanceTransactions: z.array(balanceTransactionSchema),
    payments: z.array(paymentSchema),
    customerBillingAddress: orderBillingAddressSchema.nullable(),
    /** Until when an order waiting for its payment holds its places (UTC instant); null when it never waited. */
    holdExpiresAt: z.iso.datetime().nullable(),
    /** Why a cancelled order was cancelled; null otherwise (and for orders cancelled before reasons were kept). */
    cancelReason: orderCancelReasonSchema.nullable(),
    /** How much of the order the consumer withdrew from (absent: nothing). */
    withdrawal: orderWithdrawalStateSchema.optional(),
    /** Whether the consumer expressly requested that courses begin before the withdrawal period ends. */
    earlyStartRequested: z.boolean().optional(),
    /** A payment that came after the order was cancelled, to be refunded (absent: none). */
    latePayment: latePaymentSchema.optional(),
  }),
);
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.lazy(() => z.array(orderSchema));

/** GET /customer/me/orders?limit&offset, newest first. */
export const ordersQuerySchema = z.lazy(() =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(orderPageSize),
      offset: z.coerce.number().int().min(0).default(0),
    })
    .strict(),
);
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/** Whether the order still waits for its payment (both pending states, docs/product-rules.md#states). */
export const isPendingOrder = (order: Pick<Order, 'status'>) =>
  order.status === 'pending' || order.status === 'payment_pending';

/**
 * Whether a pending order still holds its places and may be paid: until `holdExpiresAt`, after which the
 * server's sweep cancels it. A pending order without a recorded hold (made before holds existed) is over.
 */
export function isHoldRunning(order: Pick<Order, 'status' | 'holdExpiresAt'>, now: Date = new Date()): boolean {
  return isPendingOrder(order) && order.holdExpiresAt !== null && now.getTime() < Date.parse(order.holdExpiresAt);
}

/** Reasons a customer sees as "expired": nobody paid in time (the hold ran out, or the provider's payment did). */
const expiryReasons: readonly (OrderCancelReason | null)[] = ['hold_expired', 'payment_expired'];

/**
 * The status a customer sees: both pending states as one, a refunded completed order as refunded (docs/product-rules.md#states), and
 * "expired" for a pending order whose hold is over (before the sweep got to it) or one cancelled for expiry.
 */
export type OrderDisplayStatus =
  | 'pending'
  | 'paid'
  | 'completed'
  | 'refunded'
  | 'cancelled'
  | 'expired'
  | 'withdrawn'
  | 'partiallyWithdrawn'
  | 'latePayment'
  | 'latePaymentRefunded';
export function orderDisplayStatus(
  order: Pick<Order, 'status' | 'isRefunded' | 'holdExpiresAt' | 'cancelReason' | 'withdrawal' | 'latePayment'>,
  now: Date = new Date(),
): OrderDisplayStatus {
  // A withdrawal is what the consumer did last: it says more than the payment's status.
  if (order.withdrawal === 'withdrawn') return 'withdrawn';
  if (order.withdrawal === 'partial') return 'partiallyWithdrawn';
  // Paid, but too late to keep the places: not "expired" or "cancelled" while the buyer's money is with the school.
  if (order.status === 'cancelled' && order.latePayment)
    return order.latePayment.refundedAt ? 'latePaymentRefunded' : 'latePayment';
  if (isPendingOrder(order)) return isHoldRunning(order, now) ? 'pending' : 'expired';
  if (order.status === 'cancelled' && expiryReasons.includes(order.cancelReason)) return 'expired';
  if (order.status === 'completed' && order.isRefunded) return 'refunded';
  return order.status as Exclude<OrderStatus, 'pending' | 'payment_pending'>;
}

/** Colour of a status (docs/product-rules.md#states): success for completed or paid, warning for refunded, alert otherwise. */
export function orderStatusTone(status: OrderDisplayStatus): 'success' | 'warning' | 'alert' {
  if (status === 'completed' || status === 'paid') return 'success';
  return status === 'refunded' ||
    status === 'withdrawn' ||
    status === 'partiallyWithdrawn' ||
    status === 'latePayment' ||
    status === 'latePaymentRefunded'
    ? 'warning'
    : 'alert';
}

/** The link to complete the payment of a pending order while its hold lasts, from a pending payment (docs/product-rules.md#screens). */
export function completePaymentLink(
  order: Pick<Order, 'status' | 'payments' | 'holdExpiresAt'>,
  now: Date = new Date(),
): string | null {
  if (!isHoldRunning(order, now)) return null;
  return order.payments.find((payment) => payment.status === 'pending' && payment.paymentLink)?.paymentLink ?? null;
}

// Checkout: the order request and response (docs/product-rules.md#data Order request / Order response, #validation Checkout) ---------------

/** Far above any real order; bounds the number so that cents stay exact. */
const expectedTotalMax = 10_000_000;

/** Order notes (docs/product-rules.md#limits). */
export const orderCommentMaxLength = 300;
/** Time zone when the browser names none (docs/product-rules.md#limits). */
export const fallbackTimeZone = 'Europe/Berlin';

const V = ValidationCode;
/** Order notes are the one multi-line text of the checkout. */
const commentSchema = multilineTextSchema.trim().max(orderCommentMaxLength, V.tooLong);

/**
 * The billing address as the checkout requires it (docs/product-rules.md#validation): names, street, zip (numeric, at most 5), city and
 * country required; company optional; the checkout adds phone and birth year.
 */
export const checkoutBillingAddressSchema = z.lazy(() =>
  z
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
    .strict(),
);

/**
 * One booked place's learner. The form copies the billing person into participants not flagged as different
 * (docs/product-rules.md#states), so the request always carries a full name and e-mail per place.
 */
export const orderParticipantSchema = z.lazy(() =>
  z
    .object({
      firstname: nameSchema,
      lastname: nameSchema,
      email: emailSchema,
      phone: phoneSchema.default(''),
      birthYear: birthYearSchema.default(''),
    })
    .strict(),
);

/** One booked course: one participant per place, as many as its quantity. */
export const orderCourseRequestSchema = z.lazy(() =>
  priceRequestCourseSchema
    .unwrap()
    .extend({ participants: z.array(orderParticipantSchema).max(cartQuantity.max) })
    .strict()
    .refine((course) => course.participants.length === course.quantity, {
      path: ['participants'],
      message: V.participantCount,
    }),
);

/**
 * Order request (docs/product-rules.md#data): the price request plus participants per course, the payment method (required exactly
 * when the server's total is above 0, which only the server knows, so it checks that), billing address, comment,
 * e-mail (guests; a customer's comes from the account), locale and time zone. Never a price to charge: the server
 * prices again and only compares its total with `expectedTotalPrice`, the total the buyer was shown, refusing the
 * order when they differ or when a code it names does not apply (docs/decisions/0006-charged-total.md). At least
 * one course, product or package, each once (the price request's rule), and one participant per place. Every rule
 * of the request alone is here, so the form, the client and the server judge it alike; the server validates once.
 */
export const orderRequestSchema = z.lazy(() => {
  // The price request's own fields, so each rule stays written once.
  const price = priceRequestSchema.unwrap().shape;
  return (
    z
      .object({
        courses: z.array(orderCourseRequestSchema).max(50).default([]),
        products: price.products,
        packages: price.packages,
        /** The codes the buyer saw applied; one that does not apply at submit is a price change. */
        discountCodes: price.discountCodes,
        /** The price result's `totalPrice` the buyer was shown, in euros; compared in whole cents. Required. */
        expectedTotalPrice: moneySchema.max(expectedTotalMax),
        locale: languageSchema.default('de'),
        applePayAvailable: z.boolean().default(false),
        selectedPaymentMethod: paymentMethodIdSchema.optional(),
        billingAddress: checkoutBillingAddressSchema,
        comment: commentSchema.default(''),
        emailAddress: emailSchema.optional(),
        marketingOptIn: z.boolean().default(false),
        /**
         * The consumer's express request that courses begin before the withdrawal period ends; required when one
         * does (needsEarlyStartRequest), which the server checks against the course dates it knows.
         */
        earlyStartRequested: z.boolean().default(false),
        timezone: textSchema
          .max(64)
          .regex(/^[A-Za-z0-9_+\-/]+$/)
          .default(fallbackTimeZone),
      })
      .strict()
      .superRefine(refineEachItemOnce)
      // Nothing to buy is no order: it would still confirm (and mail) a "paid" order of 0 €.
      .refine((order) => order.courses.length + order.products.length + order.packages.length > 0, {
        path: ['courses'],
        message: V.noPositions,
      })
  );
});
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/**
 * The price request inside an order request: what the browser checks before it orders and the server prices again.
 * A parsed order request gives a parsed price request (its positions already passed the same rules), so the server
 * need not parse it again.
 */
export function priceRequestOfOrder(order: ParsedOrderRequest): ParsedPriceRequest;
export function priceRequestOfOrder(order: OrderRequest): PriceRequest;
export function priceRequestOfOrder(order: OrderRequest): PriceRequest {
  return {
    courses: (order.courses ?? []).map(({ courseId, courseType, quantity, offerToken }) => ({
      courseId,
      courseType,
      quantity,
      ...(offerToken ? { offerToken } : {}),
    })),
    products: order.products,
    packages: order.packages,
    discountCodes: order.discountCodes,
    locale: order.locale,
    applePayAvailable: order.applePayAvailable,
  };
}

/**
 * The address an order is placed with: a customer's account address, else the one a guest's request names (a
 * guest's order without one is refused: `emailAddress` required). Who is a guest only the caller knows (the
 * bearer token), so this rule sits beside the schema rather than in it; the checkout and the server both use it.
 */
export function orderEmailOf(order: Pick<OrderRequest, 'emailAddress'>, accountEmail: string | null): string | null {
  return accountEmail ?? order.emailAddress ?? null;
}

/**
 * Order response (docs/product-rules.md#data): the order number, and where to pay when there is something to pay.
 * `orderKey` is for the buying browser alone: with it the confirmation lists the order's prices (orderStateRequest).
 * Optional for an API released before it.
 */
export const orderResponseSchema = z.lazy(() =>
  z.object({ incrementId: z.string(), paymentLink: z.string().nullable(), orderKey: z.string().optional() }),
);
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** Error codes of the submit besides VALIDATION_ERROR and UNAUTHORIZED. */
export const OrderErrorCode = {
  /** Places or appointments changed since the cart was priced; the body carries `quantityAdjustments`. */
  placesChanged: 'PLACES_CHANGED',
  /** The server's total is above 0 and no (or an unoffered) payment method was chosen. */
  paymentMethodRequired: 'PAYMENT_METHOD_REQUIRED',
  /** The price is not the one the buyer was shown; the body carries the fresh `priceResult` and the `reasons`. */
  priceChanged: 'PRICE_CHANGED',
  /** The payment provider failed or did not answer in time (503): nothing was ordered, the buyer may try again. */
  paymentProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /**
   * The payment provider refused the payment as asked (422; e.g. the method declines the billing address): nothing
   * was ordered; another payment method or a corrected address may do, the same again will not.
   */
  paymentRefused: 'PAYMENT_REFUSED',
  /**
   * The order would hold more course places unpaid than one client address or one inbox may at once: 429 with
   * Retry-After while earlier unpaid orders are in the way (pay one, or wait for its hold to end), 422 when the
   * order alone holds more (a group booking goes through the school). `meta.message` says so in the order's language.
   */
  unpaidPlacesLimit: 'UNPAID_PLACES_LIMIT',
} as const;

/** GET /orders/confirmation-preview: the order confirmation mail rendered with sample data (the /emailorder preview). */
export const confirmationPreviewSchema = z.lazy(() =>
  z.object({ subject: z.string(), html: z.string(), text: z.string() }),
);

/** Body of the 409 PLACES_CHANGED answer: the error envelope plus the adjustments to show. */
export const placesChangedBodySchema = z.lazy(() =>
  z.object({
    error: z.object({ code: z.literal(OrderErrorCode.placesChanged), message: z.string() }),
    quantityAdjustments: z.array(quantityAdjustmentSchema),
  }),
);
export type PlacesChangedBody = z.infer<typeof placesChangedBodySchema>;

/** Why an order's price is not the one its buyer was shown. */
export const PriceChangeReason = {
  /** A code the order names does not apply (any more): used up, expired, below its minimum… `message` says why. */
  discountCodeRejected: 'DISCOUNT_CODE_REJECTED',
  /** The server's total differs from `expectedTotalPrice` (a price, a credit or a code changed). */
  totalChanged: 'TOTAL_CHANGED',
} as const;

export const priceChangeSchema = z.lazy(() =>
  z.discriminatedUnion('reason', [
    z.object({ reason: z.literal(PriceChangeReason.discountCodeRejected), code: z.string(), message: z.string() }),
    z.object({
      reason: z.literal(PriceChangeReason.totalChanged),
      expectedTotalPrice: moneySchema,
      totalPrice: moneySchema,
    }),
  ]),
);
export type PriceChange = z.infer<typeof priceChangeSchema>;

/**
 * Body of the 409 PRICE_CHANGED answer: the error envelope (with a translated `meta.message`) plus the fresh
 * price result to show and why it differs; nothing was created.
 */
export const priceChangedBodySchema = z.lazy(() =>
  z.object({
    error: z.object({ code: z.literal(OrderErrorCode.priceChanged), message: z.string() }),
    meta: z.object({ message: z.string() }),
    priceResult: priceResultSchema,
    reasons: z.array(priceChangeSchema).min(1),
  }),
);
export type PriceChangedBody = z.infer<typeof priceChangedBodySchema>;

// The checkout form (docs/product-rules.md#screens Checkout, #validation) ----------------------------------------------------------------------

/**
 * One participant block: with `different` off it follows the billing person (the request copies name and
 * e-mail), so nothing is required; with it on, first name, last name and e-mail are (docs/product-rules.md#validation).
 */
export const checkoutParticipantFormSchema = z.lazy(() =>
  z
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
        if (!parsed.success)
          ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]?.message ?? V.required });
      };
      check('firstname', nameSchema);
      check('lastname', nameSchema);
      check('email', emailSchema);
    }),
);
export type CheckoutParticipantForm = z.input<typeof checkoutParticipantFormSchema>;

const consentSchema = z.boolean().refine((accepted) => accepted, V.required);

/**
 * The early-start rule on its own: zod runs a whole-object check only once no field has stopped with an `abort`
 * issue (every required text does), so inside the form's object the box's error came only in a second round, after
 * the buyer had fixed the others. Intersected with the fields below, it is judged beside them.
 */
const earlyStartRequestSchema = () =>
  z
    .object({
      /** Whether a course of the cart starts within the withdrawal period (set by the screen, not by the buyer). */
      earlyStartNeeded: z.boolean().default(false),
      earlyStartRequested: z.boolean().default(false),
    })
    .refine((form) => !form.earlyStartNeeded || form.earlyStartRequested, {
      path: ['earlyStartRequested'],
      message: earlyStartRequiredCode,
    });

/** The checkout form's values; the screen turns them into an order request. */
export const checkoutFormSchema = z.lazy(() =>
  z.intersection(
    z.object({
      email: emailSchema,
      marketingOptIn: z.boolean(),
      billingAddress: checkoutBillingAddressSchema,
      courses: z.array(z.object({ courseId: z.number().int(), participants: z.array(checkoutParticipantFormSchema) })),
      comment: commentSchema,
      selectedPaymentMethod: textSchema,
      acceptTerms: consentSchema,
      acceptCancellationPolicy: consentSchema,
    }),
    earlyStartRequestSchema(),
  ),
);
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

// The order's state for the pages after the payment (return, confirmation) -------------------------------------

/**
 * What the pages after the payment act on: `paid` (also completed), `pending` (still waiting for the provider)
 * or `failed` (the order was cancelled: payment failed, canceled or expired, or its hold ran out).
 */
export const orderPaymentStates = ['paid', 'pending', 'failed'] as const;
export const orderPaymentStateSchema = z.enum(orderPaymentStates);
export type OrderPaymentState = z.infer<typeof orderPaymentStateSchema>;

/**
 * POST /orders/{incrementId}/state: the address the order was placed with, as proof of knowing the order, and the
 * `orderKey` its submit answered, which a paid order's `prices` need (number and address alone are easy to come by).
 */
export const orderStateRequestSchema = z.lazy(() =>
  z.object({ email: emailSchema, orderKey: textSchema.min(1).max(100).optional() }).strict(),
);
/**
 * POST /orders/{incrementId}/release: the buyer changes an order that still waits for its payment. Only the browser
 * that submitted it can: it needs the address and the order's key (docs/product-rules.md#the-confirmations-price-list).
 */
export const orderReleaseRequestSchema = z.lazy(() =>
  z.object({ email: emailSchema, orderKey: textSchema.min(1).max(100) }).strict(),
);
/**
 * An order's calendar file (iCalendar text) for a download: every lesson of its booked courses. `content` is null when
 * the order has no lesson to put in a calendar (no courses, or only modules by appointment).
 */
export const orderCalendarSchema = z.lazy(() => z.object({ filename: z.string(), content: z.string().nullable() }));
export type OrderCalendar = z.infer<typeof orderCalendarSchema>;
export const orderIdParamsSchema = z.lazy(() => z.object({ orderId: z.coerce.number().int().positive() }));
export const orderStateParamsSchema = z.lazy(() => z.object({ incrementId: textSchema.min(1).max(40) }));

/**
 * An order's positions as prices and names, nothing about people: what the one price presenter needs
 * (docs/decisions/0034-one-price-presenter.md). `titles` name courses and products; a package is named by its
 * balance `type` and `amount`.
 */
export const orderPricePositionSchema = z.lazy(() =>
  z.object({
    kind: z.enum(['course', 'product', 'package']),
    titles: z.array(localizedTitleSchema),
    type: z.number().int().optional(),
    amount: z.number().int().optional(),
    quantity: z.number().int().positive(),
    unitPrice: moneySchema,
    appliedCredits: z.number().int().nonnegative(),
    discount: moneySchema,
    discountCodes: z.array(z.string()),
  }),
);
export const orderPricesSchema = z.lazy(() =>
  z.object({
    positions: z.array(orderPricePositionSchema),
    discounts: z.array(z.object({ code: z.string(), amount: moneySchema })),
  }),
);
export type OrderPrices = z.infer<typeof orderPricesSchema>;

/** An order's prices in the order the account, the confirmation and the mail list its positions. */
export function orderPricesOf(order: Order): OrderPrices {
  const common = { appliedCredits: 0 };
  return {
    positions: [
      ...order.courseBookings.map((booking) => ({
        kind: 'course' as const,
        titles: booking.course.titles,
        quantity: booking.quantity,
        unitPrice: booking.unitPrice,
        appliedCredits: booking.appliedCredits,
        discount: booking.discount,
        discountCodes: booking.discountCodes,
      })),
      ...order.productOrders.map((line) => ({
        ...common,
        kind: 'product' as const,
        titles: line.product.titles,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        discountCodes: line.discountCodes,
      })),
      ...order.customerBalanceTransactions.map((row) => ({
        ...common,
        kind: 'package' as const,
        titles: [],
        type: row.type,
        amount: row.amount,
        quantity: row.quantity,
        unitPrice: row.unitPrice,
        discount: row.discount,
        discountCodes: row.discountCodes,
      })),
    ],
    discounts: order.discounts,
  };
}

/** The answer: only what the confirmation and the return page need, nothing about people. */
/**
 * A booked course as the confirmation lists it: when it meets and who takes part, by name only. With
 * the prices, only for the browser that placed the order (its `orderKey`).
 */
export const orderStateBookingSchema = z.lazy(() =>
  z.object({
    course: orderCourseSchema,
    participants: z.array(z.object({ firstname: z.string(), lastname: z.string() })),
  }),
);
export type OrderStateBooking = z.infer<typeof orderStateBookingSchema>;

export const orderStateSchema = z.lazy(() =>
  z.object({
    incrementId: z.string(),
    state: orderPaymentStateSchema,
    /** The status of the order's latest payment; null when there was nothing to pay. */
    paymentStatus: paymentStatusSchema.nullable(),
    /** Whether the order still holds its places while it waits for its payment. */
    holdActive: z.boolean(),
    totalPrice: moneySchema,
    /** How much of the order the consumer withdrew from (none when an older server does not say). */
    withdrawal: orderWithdrawalStateSchema.default('none'),
    /** With `failed`: the money came after the order was cancelled and is refunded (absent: no such payment). */
    latePayment: latePaymentSchema.optional(),
    /** The positions' prices, once the order is paid and the request brought its `orderKey` (the confirmation). */
    prices: orderPricesSchema.optional(),
    /** The booked courses' dates and participants, under the same condition as `prices`. */
    bookings: z.array(orderStateBookingSchema).optional(),
    /**
     * The provider's page to pay the order on, while it waits for its payment and only for a request with its
     * `orderKey` (the buying browser, or the link of the order-received mail).
     */
    paymentLink: z.string().optional(),
  }),
);
export type OrderState = z.infer<typeof orderStateSchema>;
