import { CourseType, PackageType } from '@shop/shared/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * docs/product-rules.md#prices-and-vat: a conversation hour's unit price is the price of the conversation-hour
 * package of amount 1, whatever the course's own row says, so that the listed hour and the packages come from one
 * price list. Without such a package (a price list that lacks it) the course's own price applies, the discounted
 * one first, as for every other course. The catalogue shows, the cart prices and the checkout charges the same.
 */
export interface CoursePriceRow {
  type: number;
  price_cents: number;
  discounted_price_cents: number | null;
}

/** The package price of one conversation hour, or null when the price list has no package of amount 1. */
export async function conversationHourPriceCents(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('package_price')
    .select('price_cents')
    .where('type', '=', PackageType.conversationHours)
    .where('amount', '=', 1)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row?.price_cents ?? null;
}

/** The list price and offer price (cents) a course is shown and sold at. */
export function coursePriceCents(
  row: CoursePriceRow,
  hourPriceCents: number | null,
): { priceCents: number; discountedPriceCents: number | null } {
  if (row.type === CourseType.conversationHours && hourPriceCents !== null)
    return { priceCents: hourPriceCents, discountedPriceCents: null };
  return { priceCents: row.price_cents, discountedPriceCents: row.discounted_price_cents };
}

/** What one place of a course costs: its offer price when there is one. */
export function courseUnitPriceCents(row: CoursePriceRow, hourPriceCents: number | null): number {
  const { priceCents, discountedPriceCents } = coursePriceCents(row, hourPriceCents);
  return discountedPriceCents ?? priceCents;
}

/** The same unit price in SQL, over a query on `course` (the course search's price filter). */
export const courseUnitPriceSql = sql<number>`coalesce(case when course.type = ${CourseType.conversationHours} then (select package_price.price_cents from package_price where package_price.type = ${PackageType.conversationHours} and package_price.amount = 1 and package_price.status = 'published') end, course.discounted_price_cents, course.price_cents)`;
