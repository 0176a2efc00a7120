import type { CourseType, PackageType, ParsedPriceRequest, QuantityAdjustment } from '@shop/shared/contract';

/**
 * What the price calculation knows about the world, read from the database beforehand (load-facts.ts), so that
 * the calculation itself is a pure function: the same request and facts always give the same result, and the
 * checkout's submit can price again inside its own transaction with facts read there.
 */
export interface PricingFacts {
  courses: ReadonlyMap<number, CourseFacts>;
  products: ReadonlyMap<number, ProductFacts>;
  /** Package price in cents by `packageKey(type, amount)`. */
  packagePrices: ReadonlyMap<string, number>;
  /** By normalised code; a code missing here is unknown. */
  discountCodes: ReadonlyMap<string, DiscountCodeFacts>;
  /** The logged-in customer's remaining contingents; null for a guest (guests never use balances). */
  balances: CustomerBalances | null;
  /** Today in the shop's time zone (yyyy-MM-dd): registration deadlines are calendar days. */
  today: string;
  /** The current instant (ISO-8601 UTC): discount validity windows are instants. */
  now: string;
}

export interface CourseFacts {
  id: number;
  type: CourseType;
  /** The price a learner pays for one place: the discounted price when there is one. */
  unitPriceCents: number;
  freePlaces: number;
  /** Last day on which the course can be booked. */
  registrationDeadline: string;
  /** False for a draft or cancelled course (docs/backoffice.md#catalogue): nothing of it is sold. Default true. */
  onSale?: boolean;
}

export interface ProductFacts {
  id: number;
  unitPriceCents: number;
}

export type PricedItemType = 'course' | 'product' | 'package';

export interface DiscountCodeFacts {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  minOrderCents: number | null;
  /** null: every item type. */
  itemTypes: readonly PricedItemType[] | null;
  /**
   * Uses so far, in all and by the buyer (their account's and their address's, guest orders included); null
   * when the buyer is not known yet (a guest's cart before the checkout names the address).
   */
  usesTotal: number;
  usesByCustomer: number | null;
}

export interface CustomerBalances {
  conversationHours: number;
  flexibleModules: number;
}

export const packageKey = (type: PackageType, amount: number) => `${type}:${amount}`;

/** Why a provided code does not apply; each has a translated message (messages.ts). */
export type DiscountRejection =
  'unknown' | 'not_started' | 'expired' | 'used_up' | 'minimum_not_reached' | 'not_applicable';

/** What a priced line sells: its `itemType` says which ids it has (its key: `itemKey` of the contract). */
export type PricedItem =
  | { itemType: 'course'; courseId: number; courseType: CourseType }
  | { itemType: 'product'; productId: number }
  | { itemType: 'package'; packageType: PackageType; amount: number };

/** One line of the calculation, in cents. */
export type PricedLine = PricedItem & {
  /** After any quantity adjustment. */
  quantity: number;
  unitPriceCents: number;
  /** Places paid with package credits (conversation hours or flexible-learning modules). */
  appliedCredits: number;
  /** This line's share of the discount codes. */
  discountCents: number;
  /** The codes with a share in `discountCents`, in the order applied. */
  discountCodes: string[];
  /** (quantity − appliedCredits) × unit price − discount. */
  finalCents: number;
};
export type PricedCourseLine = Extract<PricedLine, { itemType: 'course' }>;

export interface CodeOutcome {
  code: string;
  discountCents: number;
  rejection: DiscountRejection | null;
}

export interface PriceCalculation {
  lines: PricedLine[];
  /** The subtotal (docs/decisions/0131-money-one-way.md): the lines' list prices, before credits and codes. */
  subtotalCents: number;
  /** What package credits pay of the lines. */
  creditsCents: number;
  /** subtotal − credits − discounts, never below 0. */
  totalCents: number;
  codes: CodeOutcome[];
  adjustments: QuantityAdjustment[];
}

export type PricingRequest = Pick<ParsedPriceRequest, 'courses' | 'products' | 'packages' | 'discountCodes'>;
