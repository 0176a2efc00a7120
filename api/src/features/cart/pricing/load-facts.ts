import { CourseType, normalizeEmail, PackageType, type CourseType as CourseTypeValue } from '@shop/shared/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { isoDateInZone } from '../../../lib/dates.ts';
import { courseUnitPriceCents } from '../../catalog/course-price.ts';
import { courseOnSale } from '../../catalog/on-sale.ts';
import { readBalances } from '../../customer/balances.ts';
import { mailboxKey } from '../../customer/mailbox.ts';
import { heldOfferCourses } from '../../waitlist/offers.ts';
import {
  packageKey,
  type DiscountCodeFacts,
  type PricedItemType,
  type PricingFacts,
  type PricingRequest,
} from './model.ts';

/** Who is buying: the logged-in customer (null for a guest) and the buyer's address when it is known. */
export interface Buyer {
  customerId: number | null;
  /**
   * A customer's address, or a guest's once the checkout's submit names it; null for a guest's cart, whose
   * once-per-customer codes are then counted at submit.
   */
  email: string | null;
}

/**
 * Reads what the calculation needs, fresh from the database (never from the course search's response cache:
 * free places must be current). Pass a transaction to price inside it (the checkout's submit does).
 * `customerId` null prices for a guest.
 */
export async function loadPricingFacts(
  db: Kysely<Database>,
  request: PricingRequest,
  { customerId, email, now }: Buyer & { now: Date },
): Promise<PricingFacts> {
  const courseIds = request.courses.map((c) => c.courseId);
  const productIds = request.products.map((p) => p.productId);
  const [courses, products, packagePrices, discountCodes, balances, heldByOffer] = await Promise.all([
    courseIds.length === 0
      ? []
      : db
          .selectFrom('course')
          .select(['id', 'type', 'price_cents', 'discounted_price_cents', 'free_places', 'registration_deadline'])
          // A draft or cancelled course (or one of a draft module) is known but not sold: adjusted to nothing.
          .select((eb) => eb.case().when(courseOnSale(eb)).then(1).else(0).end().as('on_sale'))
          // The package price of one conversation hour, read with the courses (catalog/course-price.ts).
          .select((eb) =>
            eb
              .selectFrom('package_price')
              .select('package_price.price_cents')
              .where('package_price.type', '=', PackageType.conversationHours)
              .where('package_price.amount', '=', 1)
              .where('package_price.status', '=', 'published')
              .as('hour_price_cents'),
          )
          .where('id', 'in', courseIds)
          .execute(),
    productIds.length === 0
      ? []
      : db
          .selectFrom('product')
          .select(['id', 'price_cents', 'discounted_price_cents'])
          .where('id', 'in', productIds)
          .where('status', '=', 'published')
          .execute(),
    request.packages.length === 0
      ? []
      : db
          .selectFrom('package_price')
          .select(['type', 'amount', 'price_cents'])
          .where('status', '=', 'published')
          .execute(),
    loadDiscountCodes(db, request.discountCodes, { customerId, email }),
    customerId === null ? null : readBalances(db, customerId, now),
    heldOfferCourses(db, request.courses, now),
  ]);
  return {
    courses: new Map(
      courses.map((row) => [
        row.id,
        {
          id: row.id,
          type: row.type as CourseTypeValue,
          // docs/product-rules.md#prices-and-vat: a conversation hour costs the package of amount 1.
          unitPriceCents: courseUnitPriceCents(row, row.hour_price_cents),
          // A waitlist offer's place is taken for everybody but the buyer holding its link.
          freePlaces: row.free_places + (heldByOffer.has(row.id) ? 1 : 0),
          registrationDeadline: row.registration_deadline,
          onSale: Number(row.on_sale) === 1,
        },
      ]),
    ),
    products: new Map(
      products.map((row) => [row.id, { id: row.id, unitPriceCents: row.discounted_price_cents ?? row.price_cents }]),
    ),
    // Packages of amount 1 are not sold as packages (docs/product-rules.md#cart); the one of conversation hours
    // prices the conversation courses above.
    packagePrices: new Map(
      packagePrices.filter((row) => row.amount > 1).map((row) => [packageKey(row.type, row.amount), row.price_cents]),
    ),
    discountCodes,
    balances:
      balances === null
        ? null
        : {
            conversationHours: balances.find((b) => b.typeId === CourseType.conversationHours)?.balance ?? 0,
            flexibleModules: balances.find((b) => b.typeId === CourseType.flexibleAppointment)?.balance ?? 0,
          },
    today: isoDateInZone(now),
    now: now.toISOString(),
  };
}

const itemTypes: readonly PricedItemType[] = ['course', 'product', 'package'];

/**
 * The codes with their use counts (in all, and by this buyer) in one query. Counted by correlated subqueries on
 * the usage indexes rather than a join with a ten-column GROUP BY: cheaper to build and to run. A buyer's uses
 * are those of their account plus those of their address not made by that account (so none counts twice): a
 * guest order counts for the account with its address and an account's orders for a guest giving its address
 * (docs/decisions/0006-charged-total.md).
 */
async function loadDiscountCodes(
  db: Kysely<Database>,
  codes: readonly string[],
  buyer: Buyer,
): Promise<Map<string, DiscountCodeFacts>> {
  if (codes.length === 0) return new Map();
  const email = buyer.email === null ? null : normalizeEmail(buyer.email);
  // A guest's address may belong to an account: that account's uses are the guest's too.
  const accountId = buyer.customerId ?? (email === null ? null : await accountWithAddress(db, email));
  // Uses by address are counted per inbox: `anna+1@…` is the buyer `anna@…` (customer/mailbox.ts).
  const inbox = email === null ? null : mailboxKey(email);
  const uses = (eb: ExpressionBuilder<Database, 'discount_code'>) =>
    eb.selectFrom('discount_code_usage').whereRef('discount_code_usage.discount_code_id', '=', 'discount_code.id');
  const count = (u: ExpressionBuilder<Database, 'discount_code_usage'>) => u.fn.countAll<number | string>().as('n');
  const rows = await db
    .selectFrom('discount_code')
    .select([
      'code',
      'percent_off',
      'amount_off_cents',
      'valid_from',
      'valid_until',
      'usage_limit',
      'usage_limit_per_customer',
      'min_order_cents',
      'item_types',
      (eb) => uses(eb).select(count).as('uses_total'),
      (eb) =>
        (accountId === null
          ? sql<number>`0`
          : uses(eb).where('discount_code_usage.customer_id', '=', accountId).select(count)
        ).as('uses_by_account'),
      (eb) =>
        (inbox === null
          ? sql<number>`0`
          : uses(eb)
              .where('discount_code_usage.inbox', '=', inbox)
              .$if(accountId !== null, (q) =>
                q.where((u) =>
                  u.or([
                    u('discount_code_usage.customer_id', 'is', null),
                    u('discount_code_usage.customer_id', '<>', accountId!),
                  ]),
                ),
              )
              .select(count)
        ).as('uses_by_address'),
    ])
    .where('code', 'in', [...codes])
    // A code switched off in the back office is as unknown as one never made.
    .where('active', '=', 1)
    .execute();
  return new Map(
    rows.map((row) => [
      row.code,
      {
        code: row.code,
        percentOff: row.percent_off,
        amountOffCents: row.amount_off_cents,
        validFrom: row.valid_from,
        validUntil: row.valid_until,
        usageLimit: row.usage_limit,
        usageLimitPerCustomer: row.usage_limit_per_customer,
        minOrderCents: row.min_order_cents,
        itemTypes:
          row.item_types === null
            ? null
            : itemTypes.filter((type) =>
                row
                  .item_types!.split(',')
                  .map((t) => t.trim())
                  .includes(type),
              ),
        usesTotal: Number(row.uses_total),
        // Unknown for a guest without an address: nobody's uses to count yet.
        usesByCustomer:
          accountId === null && email === null
            ? null
            : Number(row.uses_by_account ?? 0) + Number(row.uses_by_address ?? 0),
      },
    ]),
  );
}

async function accountWithAddress(db: Kysely<Database>, email: string): Promise<number | null> {
  const row = await db.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}
