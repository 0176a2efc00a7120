import { z } from 'zod';
import { catalogTextLimits, courseSchema, courseTypeSchema, packageTypeSchema } from './catalog.ts';
import { moneySchema, multilineTextSchema, textSchema } from './common.ts';
import { productSchema } from './product.ts';
import { waitlistTokenSchema } from './waitlist.ts';

/** Cart quantity limits of docs/product-rules.md#validation, #limits. */
export const cartQuantity = { min: 1, max: 5 } as const;
/** How long a stored cart lives (docs/product-rules.md#limits leaves the value open; one source suggests 24 h). */
export const cartLifetimeMs = 24 * 60 * 60 * 1000;

const quantitySchema = z.number().int().min(cartQuantity.min).max(cartQuantity.max);
/** The item's own id in the cart (a UUID today). */
const cartItemIdSchema = textSchema.min(1).max(64);

/** A course item: the course itself, plus its appointments when it is a flexible-learning course. */
export const courseCartItemSchema = z.lazy(() =>
  z.object({
    id: cartItemIdSchema,
    itemType: z.literal('course'),
    quantity: quantitySchema,
    courseId: z.number().int(),
    courseType: courseTypeSchema,
    courseDetails: courseSchema,
    /** A waitlist offer holding a place of this course for the buyer (the offer link put the course here). */
    offerToken: waitlistTokenSchema.optional(),
  }),
);
export type CourseCartItem = z.infer<typeof courseCartItemSchema>;

/** A product item (docs/product-rules.md#data): the product and the details the learner saw when adding it. */
export const productCartItemSchema = z.lazy(() =>
  z.object({
    id: cartItemIdSchema,
    itemType: z.literal('product'),
    quantity: quantitySchema,
    productId: z.number().int(),
    productDetails: productSchema,
  }),
);
export type ProductCartItem = z.infer<typeof productCartItemSchema>;

/**
 * A prepaid package (docs/product-rules.md#data): `amount` conversation hours or flexible-learning modules. The details are what the
 * learner saw when choosing it; the server prices it again from its own package prices.
 */
export const packageDetailsSchema = z.lazy(() =>
  z.object({
    title: textSchema.max(catalogTextLimits.title),
    type: packageTypeSchema,
    price: moneySchema,
    discountedPrice: moneySchema.nullable(),
    description: multilineTextSchema.max(catalogTextLimits.description),
  }),
);
export const packageCartItemSchema = z.lazy(() =>
  z.object({
    id: cartItemIdSchema,
    itemType: z.literal('package'),
    quantity: quantitySchema,
    packageType: packageTypeSchema,
    amount: z.number().int().positive(),
    packageDetails: packageDetailsSchema,
  }),
);
export type PackageCartItem = z.infer<typeof packageCartItemSchema>;

export const cartItemSchema = z.lazy(() =>
  z.discriminatedUnion('itemType', [courseCartItemSchema, productCartItemSchema, packageCartItemSchema]),
);
export type CartItem = z.infer<typeof cartItemSchema>;

/** Discount codes (docs/product-rules.md#validation, #limits): trimmed, upper-cased, at most 20 characters; empty ones are ignored. */
export const discountCodeMaxLength = 20;
/** How many codes a cart and one price request may carry: enough for any real cart, small enough to bound the work. */
export const discountCodesMax = 10;

/**
 * What the cart store keeps in localStorage: the items, the discount codes entered (kept with the cart and
 * checked again by every price request), and when they were last changed. Carts stored without codes read as none.
 * Codes the cart may not carry (too long, beyond the limit, not text) are left out rather than costing the items.
 */
export const storedCartSchema = z.lazy(() =>
  z.object({
    items: z.array(cartItemSchema),
    discountCodes: z
      .array(z.unknown())
      .catch([])
      .default([])
      .transform((codes) =>
        codes
          .filter((code): code is string => typeof code === 'string' && code.length <= discountCodeMaxLength)
          .slice(0, discountCodesMax),
      ),
    timestamp: z.number(),
  }),
);
export type StoredCart = z.infer<typeof storedCartSchema>;

/**
 * The most places or pieces one cart line may hold: the cart's maximum, and for a course no more than the free
 * places it had when it was added (the server re-checks them on pricing and submit). A full course still
 * keeps the one place already in the cart.
 */
export function maxCartQuantity(item: CartItem): number {
  if (item.itemType !== 'course') return cartQuantity.max;
  return Math.max(cartQuantity.min, Math.min(cartQuantity.max, item.courseDetails.freePlaces));
}

/**
 * The cart a buyer submitted while its order waits for the payment, as the cart area keeps it in localStorage
 * (here so that the area reads it with the one zod of @shop/shared).
 */
export const submittedCartSchema = z.lazy(() =>
  z.object({
    /** The order number the cart became. */
    orderId: z.string(),
    items: z.array(cartItemSchema),
    discountCodes: z.array(z.string()),
    /** The address the order was placed with, for asking its state (absent in carts kept before it was stored). */
    email: z.string().optional(),
    /** Where its payment continues (the provider's page), while it waits. */
    paymentLink: z.string().optional(),
    /** When it was submitted; kept as long as a cart is (24 hours). */
    timestamp: z.number(),
  }),
);
export type SubmittedCart = z.infer<typeof submittedCartSchema>;
