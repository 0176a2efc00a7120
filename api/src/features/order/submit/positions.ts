import type { ParsedOrderRequest } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PricedCart } from '../../cart/pricing/index.ts';
import { balanceTypeOfPackage } from '../balance-types.ts';
import { requestedCourse } from './take-places.ts';

/** The order's positions as priced: bookings with one participant per place, product orders, package top-ups. */
export async function writePositions(
  trx: Kysely<Database>,
  { orderId, request, priced }: { orderId: number; request: ParsedOrderRequest; priced: PricedCart },
) {
  for (const line of priced.calculation.lines) {
    if (line.itemType === 'course') {
      const booking = await trx
        .insertInto('course_booking')
        .values({
          order_id: orderId,
          course_id: line.courseId,
          quantity: line.quantity,
          total_price_cents: line.finalCents,
          discount_cents: line.discountCents,
          unit_price_cents: line.unitPriceCents,
          credits_applied: line.appliedCredits,
          discount_codes: line.discountCodes.join(','),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { participants } = requestedCourse(request, line);
      await trx
        .insertInto('course_booking_participant')
        .values(
          participants.map((p) => ({
            course_booking_id: booking.id,
            firstname: p.firstname,
            lastname: p.lastname,
            email: p.email,
            phone: p.phone || null,
            birth_year: p.birthYear || null,
          })),
        )
        .execute();
    } else if (line.itemType === 'product') {
      await trx
        .insertInto('product_order')
        .values({
          order_id: orderId,
          product_id: line.productId,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          discount_cents: line.discountCents,
          discount_codes: line.discountCodes.join(','),
        })
        .execute();
    } else {
      await trx
        .insertInto('customer_balance_transaction')
        .values({
          order_id: orderId,
          type_id: balanceTypeOfPackage[line.packageType],
          amount: line.amount,
          quantity: line.quantity,
          total_price_cents: line.finalCents,
          unit_price_cents: line.unitPriceCents,
          discount_cents: line.discountCents,
          discount_codes: line.discountCodes.join(','),
        })
        .execute();
    }
  }
}
