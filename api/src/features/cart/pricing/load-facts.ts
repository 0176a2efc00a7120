import { CourseType, type CourseType as CourseTypeValue } from '@shop/shared/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { isoDateInZone } from '../../../lib/dates.ts';
import { readBalances } from '../../customer/balances.ts';
import { packageKey, type DiscountCodeFacts, type PricedItemType, type PricingFacts, type PricingRequest } from './model.ts';

/**
 * Reads what the calculation needs, fresh from the database (never from the course search's response cache:
 * free places must be current). Pass a transaction to price inside it (the checkout's submit does).
 * `customerId` null prices for a guest.
 */
export async function loadPricingFacts(db: Kysely<Database>, request: PricingRequest, { customerId, now }: { customerId: number | null; now: Date }): Promise<PricingFacts> {
  const courseIds = request.courses.map((c) => c.courseId);
  const productIds = request.products.map((p) => p.productId);
  const [courses, products, packagePrices, discountCodes, balances] = await Promise.all([
    courseIds.length === 0
      ? []
      : db
          .selectFrom('course')
          .select(['id', 'type', 'price_cents', 'discounted_price_cents', 'free_places', 'registration_deadline'])
          .where('id', 'in', courseIds)
          .execute(),
    productIds.length === 0 ? [] : db.selectFrom('product').select(['id', 'price_cents', 'discounted_price_cents']).where('id', 'in', productIds).execute(),
    request.packages.length === 0 ? [] : db.selectFrom('package_price').select(['type', 'amount', 'price_cents']).execute(),
    loadDiscountCodes(db, request.discountCodes, customerId),
    customerId === null ? null : readBalances(db, customerId, now),
  ]);
  return {
    courses: new Map(
      courses.map((row) => [
        row.id,
        {
          id: row.id,
          type: row.type as CourseTypeValue,
          unitPriceCents: row.discounted_price_cents ?? row.price_cents,
          freePlaces: row.free_places,
          registrationDeadline: row.registration_deadline,
        },
      ]),
    ),
    products: new Map(products.map((row) => [row.id, { id: row.id, unitPriceCents: row.discounted_price_cents ?? row.price_cents }])),
    packagePrices: new Map(packagePrices.filter((row) => row.amount > 1).map((row) => [packageKey(row.type, row.amount), row.price_cents])),
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
 * The codes with their use counts (in all, and by this customer) in one query. Counted by correlated
 * subqueries on the usage index rather than a join with a ten-column GROUP BY: cheaper to build and to run.
 */
async function loadDiscountCodes(db: Kysely<Database>, codes: readonly string[], customerId: number | null): Promise<Map<string, DiscountCodeFacts>> {
  if (codes.length === 0) return new Map();
  const uses = (eb: ExpressionBuilder<Database, 'discount_code'>) => eb.selectFrom('discount_code_usage').whereRef('discount_code_usage.discount_code_id', '=', 'discount_code.id');
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
      (eb) => uses(eb).select((u) => u.fn.countAll<number | string>().as('n')).as('uses_total'),
      // A guest has no uses of their own.
      (eb) =>
        customerId === null
          ? sql<number>`0`.as('uses_by_customer')
          : uses(eb)
              .where('discount_code_usage.customer_id', '=', customerId)
              .select((u) => u.fn.countAll<number | string>().as('n'))
              .as('uses_by_customer'),
    ])
    .where('code', 'in', [...codes])
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
        itemTypes: row.item_types === null ? null : itemTypes.filter((type) => row.item_types!.split(',').map((t) => t.trim()).includes(type)),
        usesTotal: Number(row.uses_total),
        usesByCustomer: Number(row.uses_by_customer ?? 0),
      },
    ]),
  );
}
