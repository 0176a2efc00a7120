import { z } from 'zod';
import { cartItemSchema, cartQuantity, discountCodeMaxLength, discountCodesMax } from './cart.ts';
import { courseTypeSchema, packageTypeSchema, type PackageType } from './catalog.ts';
import { languageSchema, moneySchema, textSchema } from './common.ts';
import { waitlistTokenSchema } from './waitlist.ts';

/**
 * Price calculation, validation and cart transfer (docs/product-rules.md#data Price request / Price result / Notification, #states Cart,
 * #validation, #limits; docs/architecture.md names /cart/validate and /cart/sync). The server is authoritative: a request names what
 * is bought and how many, never a price.
 */

/** The form a code is compared in: trimmed and upper-cased; '' means "no code". */
export function normalizeDiscountCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** One code as sent: normalised, then at most 20 characters ('' is allowed here and dropped by the list). */
export const discountCodeSchema = textSchema
  .max(200)
  .transform(normalizeDiscountCode)
  .pipe(z.string().max(discountCodeMaxLength));
/** The codes of a request: normalised, empties dropped, each once, in the order given. */
const discountCodeListSchema = z.lazy(() =>
  z
    .array(discountCodeSchema)
    .max(discountCodesMax)
    .transform((codes) => [...new Set(codes.filter(Boolean))]),
);

const quantitySchema = z.number().int().min(cartQuantity.min).max(cartQuantity.max);
const idSchema = z.number().int().positive().max(2_147_483_647);

/** `offerToken`: a waitlist offer's token; the place it holds counts as free for this request only. */
export const priceRequestCourseSchema = z.lazy(() =>
  z
    .object({
      courseId: idSchema,
      courseType: courseTypeSchema,
      quantity: quantitySchema,
      offerToken: waitlistTokenSchema.optional(),
    })
    .strict(),
);
export const priceRequestProductSchema = z.lazy(() =>
  z.object({ productId: idSchema, quantity: quantitySchema }).strict(),
);
export const priceRequestPackageSchema = z.lazy(() =>
  z
    .object({ packageType: packageTypeSchema, amount: z.number().int().min(2).max(1000), quantity: quantitySchema })
    .strict(),
);

/**
 * Each course, product and package once (the cart merges repeats): the price request's rule, which the order
 * request carries too, with the same field paths.
 */
export function refineEachItemOnce(
  request: {
    courses: readonly { courseId: number }[];
    products: readonly { productId: number }[];
    packages: readonly { packageType: string; amount: number }[];
  },
  ctx: z.RefinementCtx,
): void {
  const duplicates = <T>(list: readonly T[], key: (entry: T) => string, field: string, at: string) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      const k = key(entry);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [field, index, at], message: 'Listed twice' });
      seen.add(k);
    });
  };
  duplicates(request.courses, (c) => String(c.courseId), 'courses', 'courseId');
  duplicates(request.products, (p) => String(p.productId), 'products', 'productId');
  duplicates(request.packages, (p) => `${p.packageType}:${p.amount}`, 'packages', 'amount');
}

/** Price request of docs/product-rules.md#data. Each course, product and package may appear once (the cart merges repeats). */
export const priceRequestSchema = z.lazy(() =>
  z
    .object({
      courses: z.array(priceRequestCourseSchema).max(50).default([]),
      products: z.array(priceRequestProductSchema).max(50).default([]),
      packages: z.array(priceRequestPackageSchema).max(10).default([]),
      discountCodes: discountCodeListSchema.default([]),
      locale: languageSchema.default('de'),
      applePayAvailable: z.boolean().default(false),
    })
    .strict()
    .superRefine(refineEachItemOnce),
);
export type PriceRequest = z.input<typeof priceRequestSchema>;
export type ParsedPriceRequest = z.output<typeof priceRequestSchema>;

/** Why the server lowered a course's quantity (docs/product-rules.md#errors). */
export const QuantityAdjustmentReason = {
  registrationDeadlinePassed: 'REGISTRATION_DEADLINE_PASSED',
  courseFullyBooked: 'COURSE_FULLY_BOOKED',
  notEnoughPlaces: 'NOT_ENOUGH_PLACES',
  notEnoughAppointments: 'NOT_ENOUGH_APPOINTMENTS',
} as const;
export type QuantityAdjustmentReason = (typeof QuantityAdjustmentReason)[keyof typeof QuantityAdjustmentReason];

export const quantityAdjustmentSchema = z.lazy(() =>
  z.object({
    itemType: z.literal('course'),
    /** The course id. */
    itemId: z.number().int(),
    /** One of QuantityAdjustmentReason; a string so that a newer server's reason still reaches the screen raw. */
    reason: z.string(),
    adjustedQuantity: z.number().int().nonnegative(),
    requestedQuantity: z.number().int().nonnegative(),
  }),
);
export type QuantityAdjustment = z.infer<typeof quantityAdjustmentSchema>;

/**
 * One priced line. `courseId` (docs/product-rules.md#data) is null for products and packages, which carry `productId` or
 * `packageType`/`amount` instead, so the cart can find each line. finalPrice = (quantity − appliedCredits) ×
 * unitPrice − discountAmount; `discountAmount` is this line's share of the discount codes.
 */
export const priceResultItemSchema = z.lazy(() =>
  z.object({
    itemType: z.enum(['course', 'product', 'package']),
    courseId: z.number().int().nullable(),
    productId: z.number().int().optional(),
    packageType: packageTypeSchema.optional(),
    amount: z.number().int().optional(),
    appliedCredits: z.number().int().nonnegative(),
    quantity: z.number().int().nonnegative(),
    finalPrice: moneySchema,
    unitPrice: moneySchema,
    discountAmount: moneySchema,
    /** The codes with a share in `discountAmount`, in the order applied. */
    discountCodes: z.array(z.string()),
  }),
);
export type PriceResultItem = z.infer<typeof priceResultItemSchema>;

/** What a line sells, as a union: a cart item, a price request's position and a priced line each name one. */
export type ItemIdentity =
  | { itemType: 'course'; courseId: number }
  | { itemType: 'product'; productId: number }
  | { itemType: 'package'; packageType: PackageType; amount: number };

/**
 * The one identity of a line (`course_7`, `product_3`, `package_conversation_hours_5`; docs/product-rules.md#data):
 * equal keys sell the same thing. Takes the wire's flat priced line as well, whose ids are optional for older clients.
 */
export function itemKey(item: ItemIdentity | PriceResultItem): string {
  switch (item.itemType) {
    case 'course':
      return `course_${item.courseId}`;
    case 'product':
      return `product_${item.productId}`;
    default:
      return `package_${item.packageType}_${item.amount}`;
  }
}

/**
 * Payment methods of docs/product-rules.md#limits, named by the payment provider's own method ids (Mollie's), so the choice is passed
 * on as it is; Apple Pay only where the browser offers it. The instant bank transfer is Mollie's "Pay by Bank"
 * since SOFORT was switched off (docs/decisions/0002-mollie-payments.md).
 */
export const PaymentMethodId = {
  eps: 'eps',
  card: 'creditcard',
  instantBankTransfer: 'paybybank',
  klarna: 'klarna',
  applePay: 'applepay',
} as const;
export const paymentMethodIdSchema = z.enum([
  PaymentMethodId.eps,
  PaymentMethodId.card,
  PaymentMethodId.instantBankTransfer,
  PaymentMethodId.klarna,
  PaymentMethodId.applePay,
]);
export type PaymentMethodId = z.infer<typeof paymentMethodIdSchema>;
export const paymentMethodSchema = z.lazy(() =>
  z.object({
    id: paymentMethodIdSchema,
    /** In the request's locale. */
    description: z.string(),
    /** `svg`: the logo as SVG markup (a few hundred bytes; the client shows it as an image, never as HTML). */
    image: z.object({ svg: z.string() }),
  }),
);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const discountCodeStatusSchema = z.enum(['valid', 'invalid']);
export const discountCodeProvidedSchema = z.lazy(() =>
  z.object({
    code: z.string(),
    status: discountCodeStatusSchema,
    totalDiscountAmount: moneySchema,
    /** Why the code does not apply, in the request's locale; null when valid. */
    errorMessage: z.string().nullable(),
  }),
);
export const discountAppliedSchema = z.lazy(() => z.object({ code: z.string(), totalDiscountAmount: moneySchema }));

/**
 * Price result of docs/product-rules.md#data. `subtotal` is the lines' list prices (quantity × unit price), as
 * every screen and mail shows it; totalPrice = subtotal − package credits − Σ discountsApplied, never below 0.
 */
export const priceResultSchema = z.lazy(() =>
  z.object({
    items: z.array(priceResultItemSchema),
    subtotal: moneySchema,
    totalPrice: moneySchema,
    paymentMethods: z.array(paymentMethodSchema),
    discountCodesProvided: z.array(discountCodeProvidedSchema),
    discountsApplied: z.array(discountAppliedSchema),
    quantityAdjustments: z.array(quantityAdjustmentSchema),
  }),
);
export type PriceResult = z.infer<typeof priceResultSchema>;

/** POST /cart/validate: the adjustments a price request would get. */
export const cartValidationResultSchema = z.lazy(() =>
  z.object({ quantityAdjustments: z.array(quantityAdjustmentSchema) }),
);

/** Notification of docs/product-rules.md#data: one per quantity adjustment, shown as a dismissible warning. */
export const adjustmentNotificationLifetimeMs = 10_000;
export const cartNotificationSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal('quantity_adjustment'),
    adjustment: quantityAdjustmentSchema
      .unwrap()
      .pick({ reason: true, adjustedQuantity: true, requestedQuantity: true }),
    courseName: z.string(),
    timestamp: z.number(),
  }),
);
export type CartNotification = z.infer<typeof cartNotificationSchema>;

/**
 * Caps of a parked cart, which anybody may store for 24 h: a real cart has a handful of items of about 2 KB each
 * (the largest seeded course is 1.6 KB as a cart item), so 30 items in 64 KiB leave room without letting one
 * request park megabytes. A larger body answers 413, more items or longer texts 400.
 */
export const cartSyncLimits = { items: 30, bodyBytes: 64 * 1024 } as const;

/**
 * POST /cart/sync: the items (and the discount codes) to carry to another page; GET /cart/sync/{id} gives them back
 * until expiresAt. The codes are only carried: the cart they come to checks them again with its price request.
 */
export const cartSyncRequestSchema = z.lazy(() =>
  z
    .object({
      items: z.array(cartItemSchema).min(1).max(cartSyncLimits.items),
      discountCodes: discountCodeListSchema.default([]),
    })
    .strict(),
);
export const cartSyncCreatedSchema = z.lazy(() => z.object({ id: z.string(), expiresAt: z.iso.datetime() }));
export type CartSyncCreated = z.infer<typeof cartSyncCreatedSchema>;
export const cartSyncPayloadSchema = z.lazy(() =>
  // Codes default to none: a server from before they were carried answers without them.
  z.object({
    items: z.array(cartItemSchema),
    discountCodes: z.array(z.string()).default([]),
    expiresAt: z.iso.datetime(),
  }),
);
export type CartSyncPayload = z.infer<typeof cartSyncPayloadSchema>;
/** A sync id: 22 URL-safe characters (128 random bits), short enough for any link. */
export const cartSyncIdSchema = textSchema.regex(/^[A-Za-z0-9_-]{16,64}$/);
